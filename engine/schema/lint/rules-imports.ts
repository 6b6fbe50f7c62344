/**
 * buf's rules about imports: unused imports, public imports and import cycles between
 * packages. "Used" means what the compiler means: some type, extendee, RPC type or custom
 * option the file names is defined in the import, or in a file the import re-exports with
 * `import public`.
 */
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { q, type LintFile, type LintRule } from "./context.ts";
import { packageStability } from "./version.ts";
import { enums, fields, messages, methods, typeName } from "./walk.ts";

/** Full name of every message, enum and extension → the file that defines it. */
function symbolFiles(byName: Map<string, FileDescriptorProto>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, file] of byName) {
    const all = messages(file);
    for (const m of all) out.set(m.fullName, name);
    for (const e of enums(file, all)) out.set(e.fullName, name);
  }
  return out;
}

/** (extendee full name, field number) → file defining that extension, for custom options. */
function extensionFiles(byName: Map<string, FileDescriptorProto>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, file] of byName) {
    for (const f of fields(file)) {
      if (f.field.extendee !== "") out.set(`${typeName(f.field.extendee)}#${f.field.number}`, name);
    }
  }
  return out;
}

/** Field numbers a decoded options message did not know: custom options set on the element. */
function unknownOptionNumbers(options: { $unknown?: { no: number }[] } | undefined): number[] {
  return (options?.$unknown ?? []).map((u) => u.no);
}

/** The names of the files `file` draws symbols from. */
function usedFiles(file: FileDescriptorProto, symbols: Map<string, string>, extensions: Map<string, string>): Set<string> {
  const used = new Set<string>();
  const useType = (name: string) => {
    const where = symbols.get(typeName(name));
    if (where !== undefined) used.add(where);
  };
  const useOptions = (extendee: string, options: { $unknown?: { no: number }[]; features?: { $unknown?: { no: number }[] } } | undefined) => {
    for (const no of unknownOptionNumbers(options)) {
      const where = extensions.get(`google.protobuf.${extendee}#${no}`);
      if (where !== undefined) used.add(where);
    }
    // Editions: `option features.(pb.go).api_level = ...` sets an extension of FeatureSet.
    for (const no of unknownOptionNumbers(options?.features)) {
      const where = extensions.get(`google.protobuf.FeatureSet#${no}`);
      if (where !== undefined) used.add(where);
    }
  };
  useOptions("FileOptions", file.options);
  const all = messages(file);
  for (const m of all) {
    useOptions("MessageOptions", m.message.options);
    for (const o of m.message.oneofDecl) useOptions("OneofOptions", o.options);
    for (const r of m.message.extensionRange) useOptions("ExtensionRangeOptions", r.options);
  }
  for (const f of fields(file, all)) {
    if (f.field.typeName !== "") useType(f.field.typeName);
    if (f.field.extendee !== "") useType(f.field.extendee);
    useOptions("FieldOptions", f.field.options);
  }
  for (const e of enums(file, all)) {
    useOptions("EnumOptions", e.enum.options);
    for (const v of e.enum.value) useOptions("EnumValueOptions", v.options);
  }
  for (const s of file.service) useOptions("ServiceOptions", s.options);
  for (const m of methods(file)) {
    useType(m.method.inputType);
    useType(m.method.outputType);
    useOptions("MethodOptions", m.method.options);
  }
  return used;
}

/** True when `dep`, or a file it re-exports through a chain of public imports, is in `used`. */
function isUsed(dep: string, used: Set<string>, byName: Map<string, FileDescriptorProto>): boolean {
  const seen = new Set<string>();
  const stack = [dep];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (used.has(name)) return true;
    const file = byName.get(name);
    for (const i of file?.publicDependency ?? []) {
      const next = file!.dependency[i];
      if (next !== undefined) stack.push(next);
    }
  }
  return false;
}

interface FileImport {
  file: LintFile | undefined;
  index: number;
}

/**
 * buf's depth-first search: from `pkg`, step to `first`, and look for a path back to `pkg`.
 * Returns the cycle [pkg, first, ..., pkg] or undefined. Uses an explicit stack, no recursion.
 */
function findCycle(pkg: string, first: string, graph: Map<string, Map<string, FileImport[]>>): string[] | undefined {
  const importsOf = (p: string) => [...(graph.get(p)?.keys() ?? [])].sort()[Symbol.iterator]();
  const list = [pkg, first];
  const onPath = new Set(list);
  const frames: Iterator<string>[] = [importsOf(first)];
  while (frames.length > 0) {
    const next = frames[frames.length - 1]!.next();
    if (next.done) {
      frames.pop();
      onPath.delete(list.pop()!);
      continue;
    }
    const p = next.value;
    if (p === "") continue;
    if (onPath.has(p)) {
      if (p === pkg) return [...list, p];
      continue;
    }
    list.push(p);
    onPath.add(p);
    frames.push(importsOf(p));
  }
  return undefined;
}

export const importRules: LintRule[] = [
  {
    id: "IMPORT_NO_PUBLIC",
    description: "Checks that imports are not public.",
    inDefault: true,
    check(ctx) {
      for (const f of ctx.files) {
        for (const i of f.proto.publicDependency) {
          const dep = f.proto.dependency[i];
          if (dep !== undefined) ctx.report(this.id, f, [3, i], `Import ${q(dep)} must not be public.`);
        }
      }
    },
  },
  {
    id: "IMPORT_USED",
    description: "Checks that imports are used.",
    inDefault: true,
    check(ctx) {
      const symbols = symbolFiles(ctx.byName);
      const extensions = extensionFiles(ctx.byName);
      for (const f of ctx.files) {
        const used = usedFiles(f.proto, symbols, extensions);
        f.proto.dependency.forEach((dep, i) => {
          // A public import is a re-export, used by the files that import this one.
          if (f.proto.publicDependency.includes(i)) return;
          // An import we cannot see might define anything: no verdict rather than a wrong one.
          if (!ctx.byName.has(dep)) return;
          if (!isUsed(dep, used, ctx.byName)) ctx.report(this.id, f, [3, i], `Import ${q(dep)} is unused.`);
        });
      }
    },
  },
  {
    id: "PACKAGE_NO_IMPORT_CYCLE",
    description: "Checks that packages do not have import cycles.",
    inDefault: true,
    check(ctx) {
      const linted = new Map(ctx.files.map((f) => [f.name, f]));
      // package → imported package → the imports that create that edge.
      const graph = new Map<string, Map<string, FileImport[]>>();
      for (const [name, file] of ctx.byName) {
        let edges = graph.get(file.package);
        if (edges === undefined) graph.set(file.package, (edges = new Map()));
        file.dependency.forEach((dep, index) => {
          const imported = ctx.byName.get(dep);
          if (imported === undefined || imported.package === file.package) return;
          const list = edges.get(imported.package) ?? [];
          list.push({ file: linted.get(name), index });
          edges.set(imported.package, list);
        });
      }
      for (const [pkg, edges] of graph) {
        if (pkg === "") continue;
        for (const [imported, imports] of edges) {
          if (imported === "") continue;
          const cycle = findCycle(pkg, imported, graph);
          if (cycle === undefined) continue;
          for (const imp of imports) {
            if (imp.file !== undefined) ctx.report(this.id, imp.file, [3, imp.index], `Package import cycle: ${cycle.join(" -> ")}`);
          }
        }
      }
    },
  },
  {
    id: "STABLE_PACKAGE_NO_IMPORT_UNSTABLE",
    description:
      "Checks that all files that have stable versioned packages do not import packages with unstable version packages.",
    inDefault: false,
    check(ctx) {
      // Like buf, only imports among the linted files are judged.
      const linted = new Map(ctx.files.map((f) => [f.name, f]));
      for (const f of ctx.files) {
        if (packageStability(f.proto.package) !== "stable") continue;
        f.proto.dependency.forEach((dep, i) => {
          const imported = linted.get(dep);
          if (imported === undefined) return;
          const level = packageStability(imported.proto.package);
          if (level === undefined || level === "stable") return;
          const message = `This file is in stable package ${q(f.proto.package)}, so it should not depend on ${q(dep)} from unstable package ${q(imported.proto.package)}.`;
          ctx.report(this.id, f, [3, i], message);
        });
      }
    },
  },
];
