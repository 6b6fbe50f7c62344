/**
 * Every lesson's checks and the answers its tests grade, by folder name. The one list both the
 * page (with the lessons' text bundled by Vite's import.meta.glob) and the CLI (reading the text
 * with fs) load; the loader reports a folder without an entry here, and an entry without a folder.
 * The answers (answers.ts beside each lesson) are for the course's tests only.
 */
import type { LessonAnswers, LessonChecks } from "../engine/lessons/index.ts";
import varints from "./01-varints/checks.ts";
import lengthDelimited from "./02-length-delimited/checks.ts";
import presence from "./03-presence/checks.ts";
import merging from "./04-merging/checks.ts";
import unknownFields from "./05-unknown-fields/checks.ts";
import enumPrefixes from "./06-enum-prefixes/checks.ts";
import compression from "./07-compression/checks.ts";
import growableWriter from "./08-growable-writer/checks.ts";
import arenaLesson from "./09-arena/checks.ts";
import goArenas from "./10-go-arenas/checks.ts";
import opaqueApi from "./11-opaque-api/checks.ts";
import generatedCode from "./12-generated-code/checks.ts";
import { answers as varintsAnswers } from "./01-varints/answers.ts";
import { answers as lengthDelimitedAnswers } from "./02-length-delimited/answers.ts";
import { answers as presenceAnswers } from "./03-presence/answers.ts";
import { answers as mergingAnswers } from "./04-merging/answers.ts";
import { answers as unknownFieldsAnswers } from "./05-unknown-fields/answers.ts";
import { answers as enumPrefixesAnswers } from "./06-enum-prefixes/answers.ts";
import { answers as compressionAnswers } from "./07-compression/answers.ts";
import { answers as growableWriterAnswers } from "./08-growable-writer/answers.ts";
import { answers as arenaAnswers } from "./09-arena/answers.ts";
import { answers as goArenasAnswers } from "./10-go-arenas/answers.ts";
import { answers as opaqueApiAnswers } from "./11-opaque-api/answers.ts";
import { answers as generatedCodeAnswers } from "./12-generated-code/answers.ts";

export const LESSON_CHECKS: Readonly<Record<string, LessonChecks>> = {
  "01-varints": varints,
  "02-length-delimited": lengthDelimited,
  "03-presence": presence,
  "04-merging": merging,
  "05-unknown-fields": unknownFields,
  "06-enum-prefixes": enumPrefixes,
  "07-compression": compression,
  "08-growable-writer": growableWriter,
  "09-arena": arenaLesson,
  "10-go-arenas": goArenas,
  "11-opaque-api": opaqueApi,
  "12-generated-code": generatedCode,
};

export const LESSON_ANSWERS: Readonly<Record<string, LessonAnswers>> = {
  "01-varints": varintsAnswers,
  "02-length-delimited": lengthDelimitedAnswers,
  "03-presence": presenceAnswers,
  "04-merging": mergingAnswers,
  "05-unknown-fields": unknownFieldsAnswers,
  "06-enum-prefixes": enumPrefixesAnswers,
  "07-compression": compressionAnswers,
  "08-growable-writer": growableWriterAnswers,
  "09-arena": arenaAnswers,
  "10-go-arenas": goArenasAnswers,
  "11-opaque-api": opaqueApiAnswers,
  "12-generated-code": generatedCodeAnswers,
};
