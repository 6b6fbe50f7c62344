/**
 * The shapes most of buf's rules share, so that a rule states only what it looks at and what it
 * says: `elementRule` judges each element of each linted file in turn (buf's per-element rule
 * handlers), and `casingRule` is buf's naming check on top of it ("Enum name "foo" should be
 * PascalCase, such as "Foo".").
 */
import type { Fix } from "../../diagnostics.ts";
import { toLowerSnakeCase, toPascalCase, toUpperSnakeCase } from "./case.ts";
import { q, type LintContext, type LintFile, type LintRule } from "./context.ts";

/** What a rule found wrong with one element: where buf points, buf's message, and any fixes. */
export interface Finding {
  /** The SourceCodeInfo path buf points at; null for a whole-file finding (reported at 1:1). */
  path: readonly number[] | null;
  message: string;
  fixes?: Fix[] | undefined;
}

export interface ElementRuleSpec<T> extends Omit<LintRule, "check"> {
  /** The elements of one file the rule looks at, in the order buf visits them. */
  elements: (file: LintFile) => Iterable<T>;
  /** What is wrong with one element, or undefined when nothing is. */
  judge: (element: T, file: LintFile, ctx: LintContext) => Finding | undefined;
}

/** A rule that judges every element of every linted file, in order, and reports what it finds. */
export function elementRule<T>({ elements, judge, ...rule }: ElementRuleSpec<T>): LintRule {
  return {
    ...rule,
    check(ctx) {
      for (const file of ctx.files) {
        for (const element of elements(file)) {
          const found = judge(element, file, ctx);
          if (found !== undefined) ctx.report(rule.id, file, found.path, found.message, found.fixes);
        }
      }
    },
  };
}

/** The elements of a file-wide rule: the file itself. */
export const wholeFile = (file: LintFile): LintFile[] => [file];

/** A casing buf asks names to follow: its name in the message, and the conversion that gives buf's suggestion. */
export interface Casing {
  name: string;
  convert: (name: string) => string;
}

export const PASCAL_CASE: Casing = { name: "PascalCase", convert: toPascalCase };
export const LOWER_SNAKE_CASE: Casing = { name: "lower_snake_case", convert: toLowerSnakeCase };
export const UPPER_SNAKE_CASE: Casing = { name: "UPPER_SNAKE_CASE", convert: toUpperSnakeCase };

/** A name a rule judges, and the path buf reports it at (an element's name, usually: its path plus 1). */
export interface Named {
  name: string;
  path: readonly number[];
}

/**
 * buf's naming rules (all in DEFAULT): every name `names` lists must already be in `casing`, or
 * buf reports `<kind> name "<name>" should be <casing>, such as "<converted>".`
 */
export function casingRule(id: string, description: string, kind: string, casing: Casing, names: (file: LintFile) => Iterable<Named>): LintRule {
  return elementRule({
    id,
    description,
    inDefault: true,
    elements: names,
    judge: ({ name, path }) => {
      const expected = casing.convert(name);
      return name === expected ? undefined : { path, message: `${kind} name ${q(name)} should be ${casing.name}, such as ${q(expected)}.` };
    },
  });
}
