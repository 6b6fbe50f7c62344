/**
 * buf's breaking rules about files and packages: deleted files, and elements deleted from a file
 * (FILE) or from a package (PACKAGE, where moving an element to another file of the package is
 * fine), and the file-level settings that must not change (syntax, package, file options).
 */
import {
  ALL_FOUR,
  at,
  deletedElementAt,
  FILE_ONLY,
  FILE_PACKAGE,
  filePairs,
  indexBy,
  PACKAGE_ONLY,
  q,
  type BreakingContext,
  type BreakingRule,
  type Where,
} from "./breaking-context.ts";
import type { Enm, Fld, Msg, Side, SideFile, Svc } from "./breaking-model.ts";

/** Elements of a file by nested name (extensions declared in messages are "Msg.ext"). */
const messagesByNestedName = (file: SideFile): Map<string, Msg> => indexBy(file.allMessages, (m) => m.nestedName);
const enumsByNestedName = (file: SideFile): Map<string, Enm> => indexBy(file.allEnums, (e) => e.nestedName);
const extensionsByNestedName = (file: SideFile): Map<string, Fld> => indexBy(file.allExtensions, (e) => e.nestedName);

/** A rule reporting elements of a file that are gone from the file's current version. */
function noDeleteFromFile<E extends { nestedName: string; file: SideFile; path: number[] }>(
  id: string,
  noun: string,
  purpose: string,
  elements: (file: SideFile) => Map<string, E>,
): BreakingRule {
  return {
    id,
    categories: FILE_ONLY,
    purpose,
    check(ctx) {
      for (const [cur, prev] of filePairs(ctx)) {
        const now = elements(cur);
        let messages: Map<string, Msg> | undefined;
        for (const [name, old] of elements(prev)) {
          if (now.has(name)) continue;
          messages ??= messagesByNestedName(cur);
          ctx.report(id, deletedElementAt(cur, name, messages), { loc: at(old.file, old.path) }, `Previously present ${noun} ${q(name)} was deleted from file.`);
        }
      }
    },
  };
}

/** A file option (FileOptions field) whose value must not change, with its Go default. */
interface FileSetting {
  id: string;
  /** How buf's message names it: `option "go_package"`, `syntax`, `package`. */
  name: string;
  /** SourceCodeInfo path of the setting. */
  path: number[];
  value(file: SideFile): string;
}

const OPTIMIZE_MODES: Record<number, string> = { 1: "SPEED", 2: "CODE_SIZE", 3: "LITE_RUNTIME" };

type FileOptions = NonNullable<SideFile["proto"]["options"]>;

const stringOption = (id: string, option: string, field: number, get: (o: FileOptions) => string): FileSetting => ({
  id,
  name: `option ${q(option)}`,
  path: [8, field],
  value: (f) => (f.proto.options === undefined ? "" : get(f.proto.options)),
});

const boolOption = (id: string, option: string, field: number, fallback: boolean, get: (o: FileOptions) => boolean): FileSetting => ({
  id,
  name: `option ${q(option)}`,
  path: [8, field],
  value: (f) => String(f.proto.options === undefined ? fallback : get(f.proto.options)),
});

const FILE_SETTINGS: FileSetting[] = [
  boolOption("FILE_SAME_CC_ENABLE_ARENAS", "cc_enable_arenas", 31, true, (o) => o.ccEnableArenas),
  boolOption("FILE_SAME_CC_GENERIC_SERVICES", "cc_generic_services", 16, false, (o) => o.ccGenericServices),
  stringOption("FILE_SAME_CSHARP_NAMESPACE", "csharp_namespace", 37, (o) => o.csharpNamespace),
  stringOption("FILE_SAME_GO_PACKAGE", "go_package", 11, (o) => o.goPackage),
  boolOption("FILE_SAME_JAVA_GENERIC_SERVICES", "java_generic_services", 17, false, (o) => o.javaGenericServices),
  boolOption("FILE_SAME_JAVA_MULTIPLE_FILES", "java_multiple_files", 10, false, (o) => o.javaMultipleFiles),
  stringOption("FILE_SAME_JAVA_OUTER_CLASSNAME", "java_outer_classname", 8, (o) => o.javaOuterClassname),
  stringOption("FILE_SAME_JAVA_PACKAGE", "java_package", 1, (o) => o.javaPackage),
  stringOption("FILE_SAME_OBJC_CLASS_PREFIX", "objc_class_prefix", 36, (o) => o.objcClassPrefix),
  {
    id: "FILE_SAME_OPTIMIZE_FOR",
    name: `option ${q("optimize_for")}`,
    path: [8, 9],
    value: (f) => OPTIMIZE_MODES[f.proto.options?.optimizeFor ?? 1] ?? String(f.proto.options?.optimizeFor),
  },
  stringOption("FILE_SAME_PHP_CLASS_PREFIX", "php_class_prefix", 40, (o) => o.phpClassPrefix),
  stringOption("FILE_SAME_PHP_METADATA_NAMESPACE", "php_metadata_namespace", 44, (o) => o.phpMetadataNamespace),
  stringOption("FILE_SAME_PHP_NAMESPACE", "php_namespace", 41, (o) => o.phpNamespace),
  boolOption("FILE_SAME_PY_GENERIC_SERVICES", "py_generic_services", 18, false, (o) => o.pyGenericServices),
  stringOption("FILE_SAME_RUBY_PACKAGE", "ruby_package", 45, (o) => o.rubyPackage),
  stringOption("FILE_SAME_SWIFT_PREFIX", "swift_prefix", 39, (o) => o.swiftPrefix),
];

function sameFileSetting(s: FileSetting, categories: BreakingRule["categories"], purpose: string): BreakingRule {
  return {
    id: s.id,
    categories,
    purpose,
    check(ctx) {
      for (const [cur, prev] of filePairs(ctx)) {
        const before = s.value(prev);
        const after = s.value(cur);
        if (before === after) continue;
        ctx.report(s.id, { loc: at(cur, s.path), path: cur.path }, { loc: at(prev, s.path) }, `File ${s.name} changed from ${q(before)} to ${q(after)}.`);
      }
    },
  };
}

const SYNTAX: FileSetting = { id: "FILE_SAME_SYNTAX", name: "syntax", path: [12], value: (f) => f.syntax };
const PACKAGE: FileSetting = { id: "FILE_SAME_PACKAGE", name: "package", path: [2], value: (f) => f.package };

// ------------------------------------------------------------------ package-level deletions

/** package -> nested name -> element, over every file of a side (only packages that have some). */
function byPackage<E>(side: Side, elements: (file: SideFile) => Iterable<E & { nestedName: string }>): Map<string, Map<string, E & { nestedName: string }>> {
  const out = new Map<string, Map<string, E & { nestedName: string }>>();
  for (const file of side.files) {
    for (const e of elements(file)) {
      let names = out.get(file.package);
      if (names === undefined) out.set(file.package, (names = new Map()));
      if (!names.has(e.nestedName)) names.set(e.nestedName, e);
    }
  }
  return out;
}

/**
 * A rule reporting elements gone from their package. Like buf, it only looks at packages that
 * still have at least one element of the kind; it points into the current file at the element's
 * old path when that file exists (at the nearest enclosing message still there).
 */
function noDeleteFromPackage<E extends { nestedName: string; file: SideFile; path: number[] }>(
  id: string,
  noun: string,
  purpose: string,
  elements: (file: SideFile) => Iterable<E>,
  /** Makes, per run, where to point for a deleted element (given the current file at its old path). */
  locator: (ctx: BreakingContext) => (file: SideFile, name: string, pkg: string) => Where,
): BreakingRule {
  return {
    id,
    categories: PACKAGE_ONLY,
    purpose,
    check(ctx) {
      const locate = locator(ctx);
      const now = byPackage(ctx.current, elements);
      for (const [pkg, oldNames] of byPackage(ctx.against, elements)) {
        const names = now.get(pkg);
        if (names === undefined) continue;
        for (const [name, old] of oldNames) {
          if (names.has(name)) continue;
          const file = ctx.current.byPath.get(old.file.path);
          const where = file === undefined ? {} : locate(file, name, pkg);
          ctx.report(id, where, { loc: at(old.file, old.path) }, `Previously present ${noun} ${q(name)} was deleted from package ${q(pkg)}.`);
        }
      }
    },
  };
}

/** The enclosing message of a deleted one is looked for in the file (enums, extensions). */
const inSameFile = () => (file: SideFile, name: string) => deletedElementAt(file, name, messagesByNestedName(file));

/** For deleted messages buf looks for the enclosing message anywhere in the current package. */
function inSamePackage(ctx: BreakingContext): (file: SideFile, name: string, pkg: string) => Where {
  let index: Map<string, Map<string, Msg>> | undefined;
  return (file, name, pkg) => {
    index ??= byPackage(ctx.current, (f) => f.allMessages);
    return deletedElementAt(file, name, index.get(pkg) ?? new Map());
  };
}

const packageServiceNoDelete: BreakingRule = {
  id: "PACKAGE_SERVICE_NO_DELETE",
  categories: PACKAGE_ONLY,
  purpose: "Checks that services are not deleted from a given package.",
  check(ctx) {
    // Unlike the others, every package of the current files counts, with or without services.
    const now = new Map<string, Set<string>>();
    for (const file of ctx.current.files) {
      let names = now.get(file.package);
      if (names === undefined) now.set(file.package, (names = new Set()));
      for (const s of file.services) names.add(s.name);
    }
    const old = new Map<string, Map<string, Svc>>();
    for (const file of ctx.against.files) {
      let names = old.get(file.package);
      if (names === undefined) old.set(file.package, (names = new Map()));
      for (const s of file.services) if (!names.has(s.name)) names.set(s.name, s);
    }
    for (const [pkg, oldNames] of old) {
      const names = now.get(pkg);
      if (names === undefined) continue;
      for (const [name, svc] of oldNames) {
        if (names.has(name)) continue;
        const file = ctx.current.byPath.get(svc.file.path);
        ctx.report(this.id, { path: file?.path }, { loc: at(svc.file, svc.path) }, `Previously present service ${q(name)} was deleted from package ${q(pkg)}.`);
      }
    }
  },
};

const packageNoDelete: BreakingRule = {
  id: "PACKAGE_NO_DELETE",
  categories: PACKAGE_ONLY,
  purpose: "Checks that packages are not deleted.",
  check(ctx) {
    const now = new Set(ctx.current.files.map((f) => f.package));
    const old = new Map<string, string[]>();
    for (const f of ctx.against.files) {
      const list = old.get(f.package);
      if (list === undefined) old.set(f.package, [f.path]);
      else list.push(f.path);
    }
    for (const [pkg, paths] of old) {
      if (now.has(pkg)) continue;
      ctx.report(this.id, {}, { path: [...paths].sort()[0] }, `Previously present package ${q(pkg)} was deleted.`);
    }
  },
};

const fileNoDelete: BreakingRule = {
  id: "FILE_NO_DELETE",
  categories: FILE_ONLY,
  purpose: "Checks that files are not deleted.",
  check(ctx) {
    for (const prev of ctx.against.files) {
      if (!ctx.current.byPath.has(prev.path)) ctx.report(this.id, {}, { path: prev.path }, `Previously present file ${q(prev.path)} was deleted.`);
    }
  },
};

const serviceNoDelete: BreakingRule = {
  id: "SERVICE_NO_DELETE",
  categories: FILE_ONLY,
  purpose: "Checks that services are not deleted from a given file.",
  check(ctx) {
    for (const [cur, prev] of filePairs(ctx)) {
      const now = new Set(cur.services.map((s) => s.name));
      for (const s of prev.services) {
        if (!now.has(s.name)) ctx.report(this.id, { path: cur.path }, { loc: at(prev, s.path) }, `Previously present service ${q(s.name)} was deleted from file.`);
      }
    }
  },
};

export const fileRules: BreakingRule[] = [
  noDeleteFromFile("ENUM_NO_DELETE", "enum", "Checks that enums are not deleted from a given file.", enumsByNestedName),
  noDeleteFromFile("EXTENSION_NO_DELETE", "extension", "Checks that extensions are not deleted from a given file.", extensionsByNestedName),
  noDeleteFromFile("MESSAGE_NO_DELETE", "message", "Checks that messages are not deleted from a given file.", messagesByNestedName),
  fileNoDelete,
  serviceNoDelete,
  ...FILE_SETTINGS.map((s) =>
    sameFileSetting(s, FILE_PACKAGE, `Checks that files have the same value for the ${s.name.slice('option "'.length, -1)} option.`),
  ),
  sameFileSetting(SYNTAX, FILE_PACKAGE, "Checks that files have the same syntax."),
  sameFileSetting(PACKAGE, ALL_FOUR, "Checks that files have the same package."),
  noDeleteFromPackage("PACKAGE_ENUM_NO_DELETE", "enum", "Checks that enums are not deleted from a given package.", (f) => f.allEnums, inSameFile),
  noDeleteFromPackage(
    "PACKAGE_EXTENSION_NO_DELETE",
    "extension",
    "Checks that extensions are not deleted from a given package.",
    (f) => f.allExtensions,
    inSameFile,
  ),
  noDeleteFromPackage("PACKAGE_MESSAGE_NO_DELETE", "message", "Checks that messages are not deleted from a given package.", (f) => f.allMessages, inSamePackage),
  packageNoDelete,
  packageServiceNoDelete,
];
