/**
 * Every lesson's checks and the answers its tests grade, by folder name. The one list both the
 * page (with the lessons' text bundled by Vite's import.meta.glob) and the CLI (reading the text
 * with fs) load; the loader reports a folder without an entry here, and an entry without a folder.
 * The answers (answers.ts beside each lesson) are for the course's tests only.
 */
import { CORE_FIGURES, joinFigures, type Figure, type LessonAnswers, type LessonChecks } from "../engine/lessons/index.ts";
import { EVOLVE_FIGURES } from "../engine/lessons/figures-evolve.ts";
import { MEMORY_FIGURES } from "../engine/lessons/figures-memory.ts";
import { WIRE_FIGURES } from "../engine/lessons/figures-wire.ts";
import varints from "./01-varints/checks.ts";
import lengthDelimited from "./02-length-delimited/checks.ts";
import presence from "./03-presence/checks.ts";
import merging from "./04-merging/checks.ts";
import unknownFields from "./05-unknown-fields/checks.ts";
import mapsOneof from "./06-maps-oneof/checks.ts";
import enumPrefixes from "./07-enum-prefixes/checks.ts";
import compression from "./08-compression/checks.ts";
import growableWriter from "./09-growable-writer/checks.ts";
import arenaLesson from "./10-arena/checks.ts";
import goArenas from "./11-go-arenas/checks.ts";
import opaqueApi from "./12-opaque-api/checks.ts";
import generatedCode from "./13-generated-code/checks.ts";
import malformed from "./14-malformed/checks.ts";
import detective from "./15-detective/checks.ts";
import evolution from "./16-evolution/checks.ts";
import { answers as varintsAnswers } from "./01-varints/answers.ts";
import { answers as lengthDelimitedAnswers } from "./02-length-delimited/answers.ts";
import { answers as presenceAnswers } from "./03-presence/answers.ts";
import { answers as mergingAnswers } from "./04-merging/answers.ts";
import { answers as unknownFieldsAnswers } from "./05-unknown-fields/answers.ts";
import { answers as mapsOneofAnswers } from "./06-maps-oneof/answers.ts";
import { answers as enumPrefixesAnswers } from "./07-enum-prefixes/answers.ts";
import { answers as compressionAnswers } from "./08-compression/answers.ts";
import { answers as growableWriterAnswers } from "./09-growable-writer/answers.ts";
import { answers as arenaAnswers } from "./10-arena/answers.ts";
import { answers as goArenasAnswers } from "./11-go-arenas/answers.ts";
import { answers as opaqueApiAnswers } from "./12-opaque-api/answers.ts";
import { answers as generatedCodeAnswers } from "./13-generated-code/answers.ts";
import { answers as malformedAnswers } from "./14-malformed/answers.ts";
import { answers as detectiveAnswers } from "./15-detective/answers.ts";
import { answers as evolutionAnswers } from "./16-evolution/answers.ts";

/** Every live figure the lessons' prose may name (`{{name args}}`): each figure module's table. */
export const COURSE_FIGURES: Readonly<Record<string, Figure>> = joinFigures(CORE_FIGURES, WIRE_FIGURES, MEMORY_FIGURES, EVOLVE_FIGURES);

export const LESSON_CHECKS: Readonly<Record<string, LessonChecks>> = {
  "01-varints": varints,
  "02-length-delimited": lengthDelimited,
  "03-presence": presence,
  "04-merging": merging,
  "05-unknown-fields": unknownFields,
  "06-maps-oneof": mapsOneof,
  "07-enum-prefixes": enumPrefixes,
  "08-compression": compression,
  "09-growable-writer": growableWriter,
  "10-arena": arenaLesson,
  "11-go-arenas": goArenas,
  "12-opaque-api": opaqueApi,
  "13-generated-code": generatedCode,
  "14-malformed": malformed,
  "15-detective": detective,
  "16-evolution": evolution,
};

export const LESSON_ANSWERS: Readonly<Record<string, LessonAnswers>> = {
  "01-varints": varintsAnswers,
  "02-length-delimited": lengthDelimitedAnswers,
  "03-presence": presenceAnswers,
  "04-merging": mergingAnswers,
  "05-unknown-fields": unknownFieldsAnswers,
  "06-maps-oneof": mapsOneofAnswers,
  "07-enum-prefixes": enumPrefixesAnswers,
  "08-compression": compressionAnswers,
  "09-growable-writer": growableWriterAnswers,
  "10-arena": arenaAnswers,
  "11-go-arenas": goArenasAnswers,
  "12-opaque-api": opaqueApiAnswers,
  "13-generated-code": generatedCodeAnswers,
  "14-malformed": malformedAnswers,
  "15-detective": detectiveAnswers,
  "16-evolution": evolutionAnswers,
};
