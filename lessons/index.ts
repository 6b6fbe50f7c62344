/**
 * Every lesson's checks and the answers its tests grade, by folder name. The one list both the
 * page (with the lessons' text bundled by Vite's import.meta.glob) and the CLI (reading the text
 * with fs) load; the loader reports a folder without an entry here, and an entry without a folder.
 * The answers (answers.ts beside each lesson) are for the course's tests only.
 */
import type { LessonAnswers, LessonChecks } from "../engine/lessons/index.ts";
import varints from "./01-varints/checks.ts";
import lengthDelimited from "./02-length-delimited/checks.ts";
import enumPrefixes from "./03-enum-prefixes/checks.ts";
import compression from "./04-compression/checks.ts";
import growableWriter from "./05-growable-writer/checks.ts";
import arenaLesson from "./06-arena/checks.ts";
import goArenas from "./07-go-arenas/checks.ts";
import opaqueApi from "./08-opaque-api/checks.ts";
import generatedCode from "./09-generated-code/checks.ts";
import { answers as varintsAnswers } from "./01-varints/answers.ts";
import { answers as lengthDelimitedAnswers } from "./02-length-delimited/answers.ts";
import { answers as enumPrefixesAnswers } from "./03-enum-prefixes/answers.ts";
import { answers as compressionAnswers } from "./04-compression/answers.ts";
import { answers as growableWriterAnswers } from "./05-growable-writer/answers.ts";
import { answers as arenaAnswers } from "./06-arena/answers.ts";
import { answers as goArenasAnswers } from "./07-go-arenas/answers.ts";
import { answers as opaqueApiAnswers } from "./08-opaque-api/answers.ts";
import { answers as generatedCodeAnswers } from "./09-generated-code/answers.ts";

export const LESSON_CHECKS: Readonly<Record<string, LessonChecks>> = {
  "01-varints": varints,
  "02-length-delimited": lengthDelimited,
  "03-enum-prefixes": enumPrefixes,
  "04-compression": compression,
  "05-growable-writer": growableWriter,
  "06-arena": arenaLesson,
  "07-go-arenas": goArenas,
  "08-opaque-api": opaqueApi,
  "09-generated-code": generatedCode,
};

export const LESSON_ANSWERS: Readonly<Record<string, LessonAnswers>> = {
  "01-varints": varintsAnswers,
  "02-length-delimited": lengthDelimitedAnswers,
  "03-enum-prefixes": enumPrefixesAnswers,
  "04-compression": compressionAnswers,
  "05-growable-writer": growableWriterAnswers,
  "06-arena": arenaAnswers,
  "07-go-arenas": goArenasAnswers,
  "08-opaque-api": opaqueApiAnswers,
  "09-generated-code": generatedCodeAnswers,
};
