/**
 * buf's rules about whole files: syntax, packages, directories, file names and the file options
 * that must agree across a package. Paths are the file names as given to the compiler
 * (relative to the include root, like buf's paths relative to the module root).
 */
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { toLowerSnakeCase } from "./case.ts";
import { q, type LintFile, type LintRule } from "./context.ts";
import { casingRule, elementRule, wholeFile, type Casing } from "./rule-shapes.ts";
import { hasPackageVersion } from "./version.ts";

/** SourceCodeInfo path of `package` (FileDescriptorProto field 2). */
const PACKAGE_PATH = [2];

/** Go's path.Dir for the clean relative paths protoc uses: "a.proto" → ".", "a/b.proto" → "a". */
const dirOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");

function groupBy(files: LintFile[], key: (f: LintFile) => string): Map<string, LintFile[]> {
  const out = new Map<string, LintFile[]>();
  for (const f of files) {
    const k = key(f);
    const list = out.get(k);
    if (list === undefined) out.set(k, [f]);
    else list.push(f);
  }
  return out;
}

const sorted = (values: Iterable<string>): string[] => [...values].sort();

/** A file option that every file of a package must set to the same value. */
interface SameOption {
  id: string;
  option: string;
  /** FileOptions field number, for the location buf points at. */
  field: number;
  value: (file: FileDescriptorProto) => string;
}

const sameOptions: SameOption[] = [
  { id: "PACKAGE_SAME_CSHARP_NAMESPACE", option: "csharp_namespace", field: 37, value: (f) => f.options?.csharpNamespace ?? "" },
  { id: "PACKAGE_SAME_GO_PACKAGE", option: "go_package", field: 11, value: (f) => f.options?.goPackage ?? "" },
  {
    id: "PACKAGE_SAME_JAVA_MULTIPLE_FILES",
    option: "java_multiple_files",
    field: 10,
    // An absent option counts as "no value", not as false.
    value: (f) => (f.options === undefined || !hasOwn(f.options, "javaMultipleFiles") ? "" : String(f.options.javaMultipleFiles)),
  },
  { id: "PACKAGE_SAME_JAVA_PACKAGE", option: "java_package", field: 1, value: (f) => f.options?.javaPackage ?? "" },
  { id: "PACKAGE_SAME_PHP_NAMESPACE", option: "php_namespace", field: 41, value: (f) => f.options?.phpNamespace ?? "" },
  { id: "PACKAGE_SAME_RUBY_PACKAGE", option: "ruby_package", field: 45, value: (f) => f.options?.rubyPackage ?? "" },
  { id: "PACKAGE_SAME_SWIFT_PREFIX", option: "swift_prefix", field: 39, value: (f) => f.options?.swiftPrefix ?? "" },
];

/** protobuf-es keeps proto2 presence as own properties; unset fields read from the prototype. */
const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * buf's rules that the files of each group (a package, a directory) agree on one value: where a
 * group's files hold two or more, every file of the group is reported at `path`.
 */
function agreementRule(
  id: string,
  description: string,
  group: (f: LintFile) => string,
  value: (f: LintFile) => string,
  path: readonly number[],
  message: (group: string, values: Set<string>) => string,
): LintRule {
  return {
    id,
    description,
    inDefault: true,
    check(ctx) {
      for (const [key, files] of groupBy(ctx.files, group)) {
        const values = new Set(files.map(value));
        if (values.size < 2) continue;
        const text = message(key, values);
        for (const f of files) ctx.report(id, f, path, text);
      }
    },
  };
}

const packageOf = (f: LintFile): string => f.proto.package;
const dirOfFile = (f: LintFile): string => dirOf(f.name);

function sameOptionRule(s: SameOption): LintRule {
  const description = `Checks that all files with a given package have the same value for the ${s.option} option.`;
  return agreementRule(s.id, description, packageOf, (f) => s.value(f.proto), [8, s.field], (pkg, values) => {
    const noValue = values.delete("");
    const joined = q(sorted(values).join(","));
    return noValue
      ? `Files in package ${q(pkg)} have both values ${joined} and no value for option ${q(s.option)} and all values must be equal.`
      : `Files in package ${q(pkg)} have multiple values ${joined} for option ${q(s.option)} and all values must be equal.`;
  });
}

/** The package of a file that declares one (the rules about a package's name judge nothing else). */
const declaredPackage = (f: LintFile): string[] => (f.proto.package === "" ? [] : [f.proto.package]);

/** buf's casing of package names: each dot-separated part lower_snake_case. */
const PACKAGE_CASE: Casing = { name: "lower_snake.case", convert: (pkg) => pkg.split(".").map(toLowerSnakeCase).join(".") };

export const fileRules: LintRule[] = [
  elementRule({
    id: "SYNTAX_SPECIFIED",
    description: "Checks that all files have a syntax specified.",
    inDefault: true,
    elements: wholeFile,
    // protoc 3.21 leaves `syntax` empty even for an explicit `syntax = "proto2";`, but it records
    // the statement's location (path [12]): that tells the two apart.
    judge: (f) =>
      f.proto.syntax === "" && f.span([12]) === undefined
        ? { path: null, message: `Files must have a syntax explicitly specified. If no syntax is specified, the file defaults to "proto2".` }
        : undefined,
  }),
  elementRule({
    id: "PACKAGE_DEFINED",
    description: "Checks that all files have a package defined.",
    inDefault: true,
    elements: wholeFile,
    judge: (f) => (f.proto.package === "" ? { path: null, message: "Files must have a package defined." } : undefined),
  }),
  elementRule({
    id: "PACKAGE_DIRECTORY_MATCH",
    description: "Checks that all files are in a directory that matches their package name.",
    inDefault: true,
    elements: declaredPackage,
    judge: (pkg, f) => {
      const expected = pkg.replaceAll(".", "/");
      const dir = dirOf(f.name);
      if (dir === expected) return undefined;
      return { path: PACKAGE_PATH, message: `Files with package ${q(pkg)} must be within a directory "${expected}" relative to root but were in directory "${dir}".` };
    },
  }),
  casingRule("PACKAGE_LOWER_SNAKE_CASE", "Checks that packages are lower_snake.case.", "Package", PACKAGE_CASE, (f) =>
    declaredPackage(f).map((pkg) => ({ name: pkg, path: PACKAGE_PATH })),
  ),
  elementRule({
    id: "PACKAGE_VERSION_SUFFIX",
    description:
      "Checks that the last component of all packages is a version of the form v\\d+, v\\d+test.*, v\\d+(alpha|beta)\\d+, or v\\d+p\\d+(alpha|beta)\\d+, where numbers are >=1.",
    inDefault: true,
    elements: declaredPackage,
    judge: (pkg) =>
      hasPackageVersion(pkg)
        ? undefined
        : { path: PACKAGE_PATH, message: `Package name ${q(pkg)} should be suffixed with a correctly formed version, such as ${q(pkg + ".v1")}.` },
  }),
  agreementRule(
    "PACKAGE_SAME_DIRECTORY",
    "Checks that all files with a given package are in the same directory.",
    packageOf,
    dirOfFile,
    PACKAGE_PATH,
    (pkg, dirs) => `Multiple directories ${q(sorted(dirs).join(","))} contain files with package ${q(pkg)}.`,
  ),
  agreementRule(
    "DIRECTORY_SAME_PACKAGE",
    "Checks that all files in a given directory are in the same package.",
    dirOfFile,
    packageOf,
    PACKAGE_PATH,
    (dir, pkgs) => {
      const noPackage = pkgs.delete("");
      const joined = q(sorted(pkgs).join(","));
      const prefix = !noPackage
        ? `Multiple packages ${joined}`
        : pkgs.size > 1
          ? `Multiple packages ${joined} and file with no package`
          : `Package ${joined} and file with no package`;
      return `${prefix} detected within directory ${q(dir)}.`;
    },
  ),
  elementRule({
    id: "FILE_LOWER_SNAKE_CASE",
    description: "Checks that filenames are lower_snake_case.",
    inDefault: true,
    elements: wholeFile,
    judge: (f) => {
      const base = f.name.slice(f.name.lastIndexOf("/") + 1);
      const dot = base.lastIndexOf(".");
      const ext = dot >= 0 ? base.slice(dot) : "";
      const stem = base.slice(0, base.length - ext.length);
      const expected = toLowerSnakeCase(stem);
      if (stem === expected) return undefined;
      return { path: null, message: `Filename ${q(base)} should be lower_snake_case${ext}, such as "${expected}${ext}".` };
    },
  }),
  ...sameOptions.map(sameOptionRule),
];
