/**
 * buf's rules about whole files: syntax, packages, directories, file names and the file options
 * that must agree across a package. Paths are the file names as given to the compiler
 * (relative to the include root, like buf's paths relative to the module root).
 */
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { toLowerSnakeCase } from "./case.ts";
import { q, type LintFile, type LintRule } from "./context.ts";
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

function sameOptionRule(s: SameOption): LintRule {
  return {
    id: s.id,
    description: `Checks that all files with a given package have the same value for the ${s.option} option.`,
    inDefault: true,
    check(ctx) {
      for (const [pkg, files] of groupBy(ctx.files, (f) => f.proto.package)) {
        const values = new Set(files.map((f) => s.value(f.proto)));
        if (values.size < 2) continue;
        const noValue = values.delete("");
        const joined = q(sorted(values).join(","));
        const message = noValue
          ? `Files in package ${q(pkg)} have both values ${joined} and no value for option ${q(s.option)} and all values must be equal.`
          : `Files in package ${q(pkg)} have multiple values ${joined} for option ${q(s.option)} and all values must be equal.`;
        for (const f of files) ctx.report(s.id, f, [8, s.field], message);
      }
    },
  };
}

export const fileRules: LintRule[] = [
  {
    id: "SYNTAX_SPECIFIED",
    description: "Checks that all files have a syntax specified.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        // protoc 3.21 leaves `syntax` empty even for an explicit `syntax = "proto2";`, but it
        // records the statement's location (path [12]): that tells the two apart.
        if (f.proto.syntax === "" && f.span([12]) === undefined) {
          ctx.report(this.id, f, null, `Files must have a syntax explicitly specified. If no syntax is specified, the file defaults to "proto2".`);
        }
      }
    },
  },
  {
    id: "PACKAGE_DEFINED",
    description: "Checks that all files have a package defined.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) if (f.proto.package === "") ctx.report(this.id, f, null, "Files must have a package defined.");
    },
  },
  {
    id: "PACKAGE_DIRECTORY_MATCH",
    description: "Checks that all files are in a directory that matches their package name.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        const pkg = f.proto.package;
        if (pkg === "") continue;
        const expected = pkg.replaceAll(".", "/");
        const dir = dirOf(f.name);
        if (dir !== expected) {
          const message = `Files with package ${q(pkg)} must be within a directory "${expected}" relative to root but were in directory "${dir}".`;
          ctx.report(this.id, f, PACKAGE_PATH, message);
        }
      }
    },
  },
  {
    id: "PACKAGE_LOWER_SNAKE_CASE",
    description: "Checks that packages are lower_snake.case.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        const pkg = f.proto.package;
        if (pkg === "") continue;
        const expected = pkg.split(".").map(toLowerSnakeCase).join(".");
        if (pkg !== expected) ctx.report(this.id, f, PACKAGE_PATH, `Package name ${q(pkg)} should be lower_snake.case, such as ${q(expected)}.`);
      }
    },
  },
  {
    id: "PACKAGE_VERSION_SUFFIX",
    description:
      "Checks that the last component of all packages is a version of the form v\\d+, v\\d+test.*, v\\d+(alpha|beta)\\d+, or v\\d+p\\d+(alpha|beta)\\d+, where numbers are >=1.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        const pkg = f.proto.package;
        if (pkg === "" || hasPackageVersion(pkg)) continue;
        ctx.report(this.id, f, PACKAGE_PATH, `Package name ${q(pkg)} should be suffixed with a correctly formed version, such as ${q(pkg + ".v1")}.`);
      }
    },
  },
  {
    id: "PACKAGE_SAME_DIRECTORY",
    description: "Checks that all files with a given package are in the same directory.",
    inDefault: true,
    check(ctx) {
      for (const [pkg, files] of groupBy(ctx.files, (f) => f.proto.package)) {
        const dirs = new Set(files.map((f) => dirOf(f.name)));
        if (dirs.size < 2) continue;
        const message = `Multiple directories ${q(sorted(dirs).join(","))} contain files with package ${q(pkg)}.`;
        for (const f of files) ctx.report(this.id, f, PACKAGE_PATH, message);
      }
    },
  },
  {
    id: "DIRECTORY_SAME_PACKAGE",
    description: "Checks that all files in a given directory are in the same package.",
    inDefault: true,
    check(ctx) {
      for (const [dir, files] of groupBy(ctx.files, (f) => dirOf(f.name))) {
        const pkgs = new Set(files.map((f) => f.proto.package));
        if (pkgs.size < 2) continue;
        const noPackage = pkgs.delete("");
        const joined = q(sorted(pkgs).join(","));
        const prefix = !noPackage
          ? `Multiple packages ${joined}`
          : pkgs.size > 1
            ? `Multiple packages ${joined} and file with no package`
            : `Package ${joined} and file with no package`;
        for (const f of files) ctx.report(this.id, f, PACKAGE_PATH, `${prefix} detected within directory ${q(dir)}.`);
      }
    },
  },
  {
    id: "FILE_LOWER_SNAKE_CASE",
    description: "Checks that filenames are lower_snake_case.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        const base = f.name.slice(f.name.lastIndexOf("/") + 1);
        const dot = base.lastIndexOf(".");
        const ext = dot >= 0 ? base.slice(dot) : "";
        const stem = base.slice(0, base.length - ext.length);
        const expected = toLowerSnakeCase(stem);
        if (stem !== expected) {
          ctx.report(this.id, f, null, `Filename ${q(base)} should be lower_snake_case${ext}, such as "${expected}${ext}".`);
        }
      }
    },
  },
  ...sameOptions.map(sameOptionRule),
];
