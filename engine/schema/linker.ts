/**
 * The linker: builds one parsed file into the workspace's symbol pool the way protoc's
 * DescriptorBuilder does, in the same order, so the same errors come out with the same words at
 * the same places:
 *
 *   1. package, imports (missing, listed twice)
 *   2. symbols: messages (oneofs, fields, enums, extension ranges, extensions, reserved ranges,
 *      nested messages), enums, services, extensions; duplicate symbols, C++ enum scoping,
 *      invalid numbers, reserved numbers and names
 *   3. cross-linking: type names resolved with protoc's scoping rules, extendees, methods,
 *      duplicate field numbers, oneof rules
 *   4. "Suggested field numbers" for top-level messages that had a numbering error
 *   5. only when nothing failed so far: option interpretation, then the checks protoc runs on
 *      interpreted options (proto3 rules, enum aliases, map entries, packed)
 *
 * On success the parsed FileDescriptorProto has been turned into what protoc writes with
 * --descriptor_set_out: fully qualified type names, field types filled in, json_name set,
 * options interpreted and SourceCodeInfo paths updated for them.
 */
import { clearField, isFieldSet } from "@bufbuild/protobuf";
import type { DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto, FileDescriptorProto, MethodDescriptorProto, OneofDescriptorProto, ServiceDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type, FieldDescriptorProtoSchema, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { Diagnostic, NoSpan, DiagnosticCode } from "../diagnostics.ts";
import { noSpan } from "../diagnostics.ts";
import type { ErrorLocationKind, SourceLocation } from "./locations.ts";
import { locationSpan } from "./locations.ts";
import type { ParsedFile } from "./parser.ts";
import { MAX_FIELD_NUMBER } from "./parser.ts";
import type { PoolFile, SymbolEntry } from "./symbol-pool.ts";
import { SymbolPool, isAggregate, isType } from "./symbol-pool.ts";
import { formatDouble, formatFloat } from "./literals.ts";
import { interpretOptions, stripSourceRetention, type OptionsToInterpret } from "./options.ts";
import { validateInterpreted } from "./validate.ts";
import { editionDefaults, fileEdition, mergeFeatures } from "./features.ts";
import { validateNamingStyle } from "./naming-style.ts";
import { validateFeatureLifetimes } from "./feature-lifetimes.ts";
import { crossLinkFile } from "./crosslink.ts";
import { join, toJsonName } from "./names.ts";
import { detectMapConflicts, suggestFieldNumbers } from "./field-hints.ts";

const PACKAGE_DEPTH_LIMIT = 100;
/** protoc's DescriptorBuilder recursion_depth_: how many levels of nested messages it builds. */
const MAX_MESSAGE_DEPTH = 32;

/** What the linker needs to know about a file it builds. */
export interface BuildInput {
  parsed: ParsedFile;
  /** The pool files of this file's imports (undefined when missing or failed). */
  deps: (PoolFile | undefined)[];
  /** The pool files of its option imports (edition 2024; undefined when missing or failed). */
  optionDeps?: (PoolFile | undefined)[];
  /** Whether the file is named on the command line (a root): protoc warns only about those. */
  root?: boolean;
  /** Warn about unused imports, as protoc does for the files named on its command line. */
  warnUnusedImports?: boolean;
}

export interface MessageHints {
  fieldsToSuggest: number;
  firstReason?: { proto: object; kind: ErrorLocationKind };
}

/** The state of building one file. */
export class FileBuilder {
  readonly diagnostics: Diagnostic[] = [];
  hadErrors = false;
  readonly file: PoolFile;
  /** The file itself, its imports and (transitively) their public imports. */
  readonly visible = new Set<PoolFile>();
  /** Files seen through option imports: their fields (extensions) resolve in option names. */
  readonly optionVisible = new Set<PoolFile>();
  private possibleUndeclared: { file: PoolFile; name: string } | undefined;
  undefineResolvedName = "";
  readonly hints = new Map<DescriptorProto | null, MessageHints>();
  readonly optionsToInterpret: OptionsToInterpret[] = [];
  /** Names already declared under each enum (protoc's "inner scope" of enum values). */
  private readonly enumScopes = new Map<string, Set<string>>();
  /** Fields per containing message full name by number, for duplicate number checks. */
  readonly fieldsByNumber = new Map<string, Map<number, SymbolEntry>>();
  /** Full names of messages by proto object. */
  readonly fullNames = new Map<object, string>();
  readonly parsed: ParsedFile;
  private messageDepth = 0;
  /** Messages whose nested messages were not built (too deep). */
  readonly truncated = new Set<DescriptorProto>();
  /** Imports no lookup has used yet (only tracked when unused imports are reported). */
  private readonly unusedDeps = new Set<PoolFile>();

  constructor(
    readonly pool: SymbolPool,
    private readonly input: BuildInput,
  ) {
    this.parsed = input.parsed;
    const proto = input.parsed.proto;
    this.file = {
      name: proto.name,
      proto,
      package: proto.package,
      syntax: input.parsed.syntax,
      publicDeps: [],
      deps: [],
    };
  }

  // ---------------------------------------------------------------- errors

  error(proto: object, kind: ErrorLocationKind, message: string, code: DiagnosticCode, notes?: string[]): Diagnostic {
    this.hadErrors = true;
    const loc = this.parsed.errorLocations.find(proto, kind);
    const d: Diagnostic = {
      code,
      severity: "error",
      message,
      span: loc ? locationSpan(loc, this.file.name) : this.unpositioned(proto),
    };
    if (notes) d.notes = notes;
    this.diagnostics.push(d);
    return d;
  }

  /**
   * The span of an error protoc prints without a position (it records no location for it): none,
   * though an editor may still show it at the declaration, when we know where that is.
   */
  private unpositioned(proto: object): NoSpan {
    const loc = this.parsed.errorLocations.find(proto, "UNRECORDED");
    return noSpan(this.file.name, loc ? locationSpan(loc, this.file.name) : undefined);
  }

  /** A protoc warning at a declaration: printed, but the file still compiles. */
  warning(proto: object, kind: ErrorLocationKind, message: string, code: DiagnosticCode): void {
    const loc = this.parsed.errorLocations.find(proto, kind);
    this.diagnostics.push({ code, severity: "warning", message, span: loc ? locationSpan(loc, this.file.name) : this.unpositioned(proto) });
  }

  importError(name: string, message: string, code: DiagnosticCode): void {
    this.hadErrors = true;
    const loc: SourceLocation | undefined = this.parsed.errorLocations.imports.get(name);
    const d: Diagnostic = {
      code,
      severity: "error",
      message,
      span: loc ? locationSpan(loc, this.file.name) : noSpan(this.file.name),
    };
    this.diagnostics.push(d);
  }

  // ---------------------------------------------------------------- symbol lookup

  /** Finds a symbol in any file of the pool (protoc's FindSymbolNotEnforcingDeps). */
  findSymbolNotEnforcingDeps(name: string): SymbolEntry | undefined {
    const found = this.pool.find(name);
    // Like protoc, any lookup that lands in an import marks that import as used.
    if (found && (found.file === this.file || this.visible.has(found.file))) this.unusedDeps.delete(found.file);
    return found;
  }

  /** Finds a symbol by full name, only in files this one can see. */
  findSymbol(name: string): SymbolEntry | undefined {
    const result = this.findSymbolNotEnforcingDeps(name);
    if (!result) return undefined;
    if (result.file === this.file || this.visible.has(result.file)) return result;
    if (result.kind === "field" && this.optionVisible.has(result.file)) return result;
    if (result.kind === "package") {
      if (isInPackage(this.file, name)) return result;
      for (const f of this.visible) if (isInPackage(f, name)) return result;
      for (const f of this.optionVisible) if (isInPackage(f, name)) return result;
    }
    this.possibleUndeclared = { file: result.file, name };
    return undefined;
  }

  /** protoc's relative name lookup: innermost scope first; a partial match that fails is final. */
  lookupSymbol(name: string, relativeTo: string, typesOnly = false): SymbolEntry | undefined {
    this.possibleUndeclared = undefined;
    this.undefineResolvedName = "";
    if (name.startsWith(".")) return this.findSymbol(name.slice(1));
    const dot = name.indexOf(".");
    const firstPart = dot < 0 ? name : name.slice(0, dot);
    let scope = relativeTo;
    while (true) {
      const lastDot = scope.lastIndexOf(".");
      if (lastDot < 0) return this.findSymbol(name);
      scope = scope.slice(0, lastDot);
      const candidate = scope + "." + firstPart;
      const result = this.findSymbol(candidate);
      if (result) {
        if (firstPart.length < name.length) {
          if (isAggregate(result)) {
            const full = scope + "." + name;
            const found = this.findSymbol(full);
            if (!found) this.undefineResolvedName = full;
            return found;
          }
        } else if (!typesOnly || isType(result)) {
          return result;
        }
      }
    }
  }

  notDefined(proto: object, kind: ErrorLocationKind, symbol: string): void {
    if (!this.possibleUndeclared && this.undefineResolvedName === "") {
      this.error(proto, kind, `"${symbol}" is not defined.`, "protoc/not-defined");
      return;
    }
    if (this.possibleUndeclared) {
      this.error(
        proto,
        kind,
        `"${this.possibleUndeclared.name}" seems to be defined in "${this.possibleUndeclared.file.name}", which is not imported by "${this.file.name}".  To use it here, please add the necessary import.`,
        "protoc/not-imported",
      );
    }
    if (this.undefineResolvedName !== "") {
      this.error(
        proto,
        kind,
        `"${symbol}" is resolved to "${this.undefineResolvedName}", which is not defined. The innermost scope is searched first in name resolution. Consider using a leading '.'(i.e., ".${symbol}") to start from the outermost scope.`,
        "protoc/resolved-not-defined",
      );
    }
  }

  // ---------------------------------------------------------------- adding symbols

  private addSymbol(entry: SymbolEntry, proto: object): boolean {
    if (this.pool.add(entry)) return true;
    const other = this.pool.find(entry.fullName)!;
    const full = entry.fullName;
    if (other.file === this.file) {
      const dot = full.lastIndexOf(".");
      if (dot < 0) this.error(proto, "NAME", `"${full}" is already defined.`, "protoc/already-defined");
      else this.error(proto, "NAME", `"${full.slice(dot + 1)}" is already defined in "${full.slice(0, dot)}".`, "protoc/already-defined");
    } else {
      this.error(proto, "NAME", `"${full}" is already defined in file "${other.file.name}".`, "protoc/already-defined");
    }
    return false;
  }

  private addPackage(name: string, proto: FileDescriptorProto): void {
    const existing = this.pool.find(name);
    if (!existing) {
      this.pool.add({ kind: "package", fullName: name, file: this.file });
      const dot = name.lastIndexOf(".");
      if (dot < 0) this.validateSymbolName(name, name, proto);
      else {
        this.addPackage(name.slice(0, dot), proto);
        this.validateSymbolName(name.slice(dot + 1), name, proto);
      }
    } else if (existing.kind !== "package") {
      this.error(
        proto,
        "NAME",
        `"${name}" is already defined (as something other than a package) in file "${existing.file.name}".`,
        "protoc/already-defined",
      );
    }
  }

  private validateSymbolName(name: string, _fullName: string, proto: object): void {
    if (name === "") {
      this.error(proto, "NAME", "Missing name.", "protoc/missing-name");
      return;
    }
    if (!/^[A-Za-z0-9_]*$/.test(name)) this.error(proto, "NAME", `"${name}" is not a valid identifier.`, "protoc/invalid-identifier");
  }

  private requestHint(parent: DescriptorProto | null, reason: object, rangeStart = 0, rangeEnd = 1): void {
    const fit = (v: number) => Math.min(Math.max(v, 0), MAX_FIELD_NUMBER);
    let h = this.hints.get(parent);
    if (!h) this.hints.set(parent, (h = { fieldsToSuggest: 0 }));
    h.fieldsToSuggest = fit(h.fieldsToSuggest + fit(fit(rangeEnd) - fit(rangeStart)));
    if (!h.firstReason) h.firstReason = { proto: reason, kind: "NUMBER" };
  }

  // ---------------------------------------------------------------- build

  build(): boolean {
    const proto = this.file.proto;
    this.pool.checkpoint();
    this.pool.addFile(this.file);
    if (this.file.package !== "") {
      if ((this.file.package.match(/\./g) ?? []).length > PACKAGE_DEPTH_LIMIT) {
        this.error(proto, "NAME", "Exceeds Maximum Package Depth", "protoc/package-depth");
        return this.finish();
      }
      this.addPackage(this.file.package, proto);
    }

    const seen = new Set<string>();
    for (let i = 0; i < proto.dependency.length; i++) {
      const name = proto.dependency[i]!;
      if (seen.has(name)) this.importError(name, `Import "${name}" was listed twice.`, "protoc/import-twice");
      seen.add(name);
      if (name === this.file.name) {
        // protoc finds the file itself (its cycle error is already reported) and gives up quietly.
        this.pool.rollback();
        return false;
      }
      const dep = this.input.deps[i];
      if (!dep) this.importError(name, `Import "${name}" was not found or had errors.`, "protoc/import-error");
      else this.file.deps.push(dep);
    }
    if (this.input.warnUnusedImports) {
      for (const dep of this.file.deps) if (dep.publicDeps.length === 0) this.unusedDeps.add(dep);
    }
    for (const index of proto.publicDependency) {
      const dep = this.input.deps[index];
      if (dep) {
        this.file.publicDeps.push(dep);
        this.unusedDeps.delete(dep);
      }
    }
    const record = (f: PoolFile) => {
      const stack = [f];
      while (stack.length > 0) {
        const g = stack.pop()!;
        if (this.visible.has(g)) continue;
        this.visible.add(g);
        stack.push(...g.publicDeps);
      }
    };
    for (const dep of this.input.deps) if (dep) record(dep);
    // Option imports: their files (and the ones they import publicly) lend extensions to option
    // names only; one that is missing is an error only if the file has options to interpret.
    const missingOptionDeps: string[] = [];
    proto.optionDependency.forEach((name, i) => {
      if (seen.has(name)) this.importError(name, `Import "${name}" was listed twice.`, "protoc/import-twice");
      seen.add(name);
      const dep = this.input.optionDeps?.[i];
      if (!dep) {
        missingOptionDeps.push(name);
        return;
      }
      const stack = [dep];
      while (stack.length > 0) {
        const g = stack.pop()!;
        if (this.optionVisible.has(g)) continue;
        this.optionVisible.add(g);
        stack.push(...g.publicDeps);
      }
    });

    const pkg = this.file.package;
    proto.messageType.forEach((m, i) => this.buildMessage(m, null, pkg, [4, i]));
    proto.enumType.forEach((e, i) => this.buildEnum(e, pkg, [5, i]));
    proto.service.forEach((s, i) => this.buildService(s, [6, i]));
    proto.extension.forEach((f, i) => this.buildField(f, null, pkg, true, [7, i]));
    if (proto.options) this.optionsToInterpret.push({ owner: proto, nameScope: pkg + ".dummy", elementName: proto.name, options: proto.options, path: [8], kind: "file" });

    crossLinkFile(this);
    suggestFieldNumbers(this);
    if (this.optionsToInterpret.length > 0) {
      for (const name of missingOptionDeps) this.importError(name, `Import "${name}" was not found or had errors.`, "protoc/import-error");
    }

    if (!this.hadErrors) interpretOptions(this);
    this.file.defaultVisibility = mergeFeatures(editionDefaults(fileEdition(proto)), proto.options?.features).defaultSymbolVisibility;
    if (!this.hadErrors) validateInterpreted(this);
    if (this.hadErrors) for (const m of proto.messageType) detectMapConflicts(this, m, pkg);
    if (!this.hadErrors) this.warnUnused();
    if (!this.hadErrors) validateNamingStyle(this);
    if (!this.hadErrors) validateFeatureLifetimes(this, this.input.root === true);
    if (!this.hadErrors) stripSourceRetention(this);
    return this.finish();
  }

  /** protoc's "Import x is unused." warnings, in import order. */
  private warnUnused(): void {
    for (const dep of this.file.deps) {
      if (!this.unusedDeps.has(dep)) continue;
      const loc = this.parsed.errorLocations.imports.get(dep.name);
      const d: Diagnostic = {
        code: "protoc/unused-import",
        severity: "warning",
        message: `Import ${dep.name} is unused.`,
        span: loc ? locationSpan(loc, this.file.name) : noSpan(this.file.name),
      };
      this.diagnostics.push(d);
    }
  }

  private finish(): boolean {
    if (this.hadErrors) {
      this.pool.rollback();
      return false;
    }
    this.pool.commit();
    return true;
  }

  private buildMessage(m: DescriptorProto, parent: DescriptorProto | null, scope: string, path: number[]): void {
    const full = join(scope, m.name);
    this.fullNames.set(m, full);
    this.validateSymbolName(m.name, full, m);
    m.oneofDecl.forEach((o, i) => this.buildOneof(o, full, [...path, 8, i]));
    m.field.forEach((f, i) => this.buildField(f, m, full, false, [...path, 2, i]));
    m.enumType.forEach((e, i) => this.buildEnum(e, full, [...path, 4, i]));
    m.extensionRange.forEach((r) => {
      if (r.start <= 0) {
        this.requestHint(m, r, r.start, r.end);
        this.error(r, "NUMBER", "Extension numbers must be positive integers.", "protoc/invalid-number");
      }
      if (r.start >= r.end) this.error(r, "NUMBER", "Extension range end number must be greater than start number.", "protoc/invalid-range");
    });
    m.extensionRange.forEach((r, i) => {
      if (r.options) {
        this.optionsToInterpret.push({ owner: r, nameScope: full, elementName: full, options: r.options, path: [...path, 5, i, 3], kind: "extensionRange" });
      }
    });
    m.extension.forEach((f, i) => this.buildField(f, m, full, true, [...path, 6, i]));
    m.reservedRange.forEach((r) => {
      if (r.start <= 0) {
        this.requestHint(m, r, r.start, r.end);
        this.error(r, "NUMBER", "Reserved numbers must be positive integers.", "protoc/invalid-number");
      }
    });
    // protoc builds at most 32 levels of nested messages; deeper ones are dropped with an error.
    this.messageDepth++;
    if (this.messageDepth >= MAX_MESSAGE_DEPTH) {
      this.error(m, "OTHER", "Reached maximum recursion limit for nested messages.", "protoc/too-deep");
      this.truncated.add(m);
    } else {
      m.nestedType.forEach((n, i) => this.buildMessage(n, m, full, [...path, 3, i]));
    }
    this.messageDepth--;
    if (m.options) this.optionsToInterpret.push({ owner: m, nameScope: full, elementName: full, options: m.options, path: [...path, 7], kind: "message" });
    this.addSymbol({ kind: "message", fullName: full, file: this.file, proto: m }, m);

    m.reservedRange.forEach((r1, i) => {
      for (let j = i + 1; j < m.reservedRange.length; j++) {
        const r2 = m.reservedRange[j]!;
        if (r1.end > r2.start && r2.end > r1.start) {
          this.error(
            r1,
            "NUMBER",
            `Reserved range ${r2.start} to ${r2.end - 1} overlaps with already-defined range ${r1.start} to ${r1.end - 1}.`,
            "protoc/reserved-overlap",
          );
        }
      }
    });
    const reservedNames = new Set<string>();
    for (const name of m.reservedName) {
      if (reservedNames.has(name)) this.error(m, "NAME", `Field name "${name}" is reserved multiple times.`, "protoc/reserved-twice");
      reservedNames.add(name);
    }
    for (const f of m.field) {
      m.extensionRange.forEach((r) => {
        if (r.start <= f.number && f.number < r.end) {
          this.requestHint(m, r);
          this.error(r, "NUMBER", `Extension range ${r.start} to ${r.end - 1} includes field "${f.name}" (${f.number}).`, "protoc/extension-range-field");
        }
      });
      m.reservedRange.forEach((r) => {
        if (r.start <= f.number && f.number < r.end) {
          this.requestHint(m, r);
          this.error(r, "NUMBER", `Field "${f.name}" uses reserved number ${f.number}.`, "protoc/reserved-number");
        }
      });
      if (reservedNames.has(f.name)) this.error(f, "NAME", `Field name "${f.name}" is reserved.`, "protoc/reserved-name");
    }
    m.extensionRange.forEach((r1, i) => {
      for (const r2 of m.reservedRange) {
        if (r1.end > r2.start && r2.end > r1.start) {
          this.error(
            r1,
            "NUMBER",
            `Extension range ${r1.start} to ${r1.end - 1} overlaps with reserved range ${r2.start} to ${r2.end - 1}.`,
            "protoc/extension-range-overlap",
          );
        }
      }
      for (let j = i + 1; j < m.extensionRange.length; j++) {
        const r2 = m.extensionRange[j]!;
        if (r1.end > r2.start && r2.end > r1.start) {
          this.error(
            r1,
            "NUMBER",
            `Extension range ${r2.start} to ${r2.end - 1} overlaps with already-defined range ${r1.start} to ${r1.end - 1}.`,
            "protoc/extension-range-overlap",
          );
        }
      }
    });
  }

  private buildOneof(o: OneofDescriptorProto, parentFull: string, path: number[]): void {
    const full = join(parentFull, o.name);
    this.validateSymbolName(o.name, full, o);
    if (o.options) this.optionsToInterpret.push({ owner: o, nameScope: full, elementName: full, options: o.options, path: [...path, 2], kind: "oneof" });
    this.addSymbol({ kind: "oneof", fullName: full, file: this.file, proto: o }, o);
  }

  private buildField(f: FieldDescriptorProto, parent: DescriptorProto | null, scope: string, isExtension: boolean, path: number[]): void {
    const full = join(scope, f.name);
    this.fullNames.set(f, full);
    this.validateSymbolName(f.name, full, f);
    if (f.proto3Optional && this.file.syntax !== "proto3") {
      this.error(f, "TYPE", `The [proto3_optional=true] option may only be set on proto3fields, not ${full}`, "protoc/proto3-optional");
    }
    if (f.label === Label.REQUIRED && isExtension) this.error(f, "TYPE", `The extension ${full} cannot be required.`, "protoc/required-extension");
    const hasDefault = isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue);
    if (hasDefault && f.label === Label.REPEATED) this.error(f, "DEFAULT_VALUE", "Repeated fields can't have default values.", "protoc/repeated-default");
    if (isFieldSet(f, FieldDescriptorProtoSchema.field.type) && hasDefault) this.checkScalarDefault(f);
    if (f.number <= 0) {
      this.requestHint(parent, f);
      this.error(f, "NUMBER", "Field numbers must be positive integers.", "protoc/invalid-number");
    } else if (!isExtension && f.number > MAX_FIELD_NUMBER) {
      this.requestHint(parent, f);
      this.error(f, "NUMBER", `Field numbers cannot be greater than ${MAX_FIELD_NUMBER}.`, "protoc/invalid-number");
    }
    // protoc 36 no longer refuses 19000-19999 for fields (3.21 did); it only avoids them in suggestions.
    if (f.options) this.optionsToInterpret.push({ owner: f, nameScope: full, elementName: full, options: f.options, path: [...path, 8], kind: "field" });
    this.addSymbol(
      { kind: "field", fullName: full, file: this.file, proto: f, isExtension, parentFullName: scope },
      f,
    );
  }

  /** protoc parses scalar defaults again when building; only bools can still fail here. */
  private checkScalarDefault(f: FieldDescriptorProto): void {
    if (f.type === Type.BOOL && f.defaultValue !== "true" && f.defaultValue !== "false") {
      this.error(f, "DEFAULT_VALUE", "Boolean default must be true or false.", "protoc/bad-default");
    }
  }

  private buildEnum(e: EnumDescriptorProto, scope: string, path: number[]): void {
    const full = join(scope, e.name);
    this.fullNames.set(e, full);
    this.validateSymbolName(e.name, full, e);
    if (e.value.length === 0) this.error(e, "NAME", "Enums must contain at least one value.", "protoc/empty-enum");
    this.enumScopes.set(full, new Set());
    e.value.forEach((v, i) => this.buildEnumValue(v, e, full, scope, [...path, 2, i]));
    e.reservedRange.forEach((r) => {
      if (r.start > r.end) this.error(r, "NUMBER", "Reserved range end number must be greater than start number.", "protoc/invalid-range");
    });
    if (e.options) this.optionsToInterpret.push({ owner: e, nameScope: full, elementName: full, options: e.options, path: [...path, 3], kind: "enum" });
    this.addSymbol({ kind: "enum", fullName: full, file: this.file, proto: e }, e);
    e.reservedRange.forEach((r1, i) => {
      for (let j = i + 1; j < e.reservedRange.length; j++) {
        const r2 = e.reservedRange[j]!;
        if (r1.end >= r2.start && r2.end >= r1.start) {
          this.error(r1, "NUMBER", `Reserved range ${r2.start} to ${r2.end} overlaps with already-defined range ${r1.start} to ${r1.end}.`, "protoc/reserved-overlap");
        }
      }
    });
    const names = new Set<string>();
    for (const n of e.reservedName) {
      if (names.has(n)) this.error(e, "NAME", `Enum value "${n}" is reserved multiple times.`, "protoc/reserved-twice");
      names.add(n);
    }
    for (const v of e.value) {
      for (const r of e.reservedRange) {
        if (r.start <= v.number && v.number <= r.end) {
          this.error(r, "NUMBER", `Enum value "${v.name}" uses reserved number ${v.number}.`, "protoc/reserved-number");
        }
      }
      if (names.has(v.name)) this.error(v, "NAME", `Enum value "${v.name}" is reserved.`, "protoc/reserved-name");
    }
  }

  private buildEnumValue(v: EnumValueDescriptorProto, e: EnumDescriptorProto, enumFull: string, outerScope: string, path: number[]): void {
    const full = join(outerScope, v.name);
    this.fullNames.set(v, full);
    this.validateSymbolName(v.name, full, v);
    if (v.options) this.optionsToInterpret.push({ owner: v, nameScope: full, elementName: full, options: v.options, path: [...path, 3], kind: "enumValue" });
    const addedOuter = this.addSymbol({ kind: "enumValue", fullName: full, file: this.file, proto: v, enumFullName: enumFull }, v);
    const inner = this.enumScopes.get(enumFull)!;
    const addedInner = !inner.has(v.name);
    inner.add(v.name);
    if (addedInner && !addedOuter) {
      const where = outerScope === "" ? "the global scope" : `"${outerScope}"`;
      const note =
        `Note that enum values use C++ scoping rules, meaning that enum values are siblings of their type, not children of it.  ` +
        `Therefore, "${v.name}" must be unique within ${where}, not just within "${e.name}".`;
      const clash = this.diagnostics[this.diagnostics.length - 1];
      if (clash) (clash.notes ??= []).push(note);
      else this.error(v, "NAME", note, "protoc/already-defined");
    }
  }

  private buildService(s: ServiceDescriptorProto, path: number[]): void {
    const full = join(this.file.package, s.name);
    this.fullNames.set(s, full);
    this.validateSymbolName(s.name, full, s);
    s.method.forEach((m, i) => this.buildMethod(m, full, [...path, 2, i]));
    if (s.options) this.optionsToInterpret.push({ owner: s, nameScope: full, elementName: full, options: s.options, path: [...path, 3], kind: "service" });
    this.addSymbol({ kind: "service", fullName: full, file: this.file, proto: s }, s);
  }

  private buildMethod(m: MethodDescriptorProto, serviceFull: string, path: number[]): void {
    const full = join(serviceFull, m.name);
    this.fullNames.set(m, full);
    this.validateSymbolName(m.name, full, m);
    if (m.options) this.optionsToInterpret.push({ owner: m, nameScope: full, elementName: full, options: m.options, path: [...path, 4], kind: "method" });
    this.addSymbol({ kind: "method", fullName: full, file: this.file, proto: m }, m);
  }

}



function isInPackage(file: PoolFile, name: string): boolean {
  return file.package.startsWith(name) && (file.package.length === name.length || file.package[name.length] === ".");
}


/** After a successful build: what protoc's FileDescriptor::CopyTo + CopyJsonNameTo would write. */
export function finalizeDescriptor(proto: FileDescriptorProto): void {
  const fixField = (f: FieldDescriptorProto) => {
    if (!isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName)) f.jsonName = toJsonName(f.name);
    if (isFieldSet(f, FieldDescriptorProtoSchema.field.defaultValue)) {
      if (f.type === Type.FLOAT) f.defaultValue = reformat(f.defaultValue, (v) => formatFloat(Math.fround(v)));
      else if (f.type === Type.DOUBLE) f.defaultValue = reformat(f.defaultValue, formatDouble);
    }
  };
  forEachField(proto, fixField);
  if (proto.syntax === "proto2") clearField(proto, FileDescriptorProtoSchema.field.syntax);
}

/**
 * Calls `fn` on every field and extension of the file, in protoc's VisitDescriptors order: a
 * message's fields, then its nested messages, then its extensions; the file's extensions last.
 */
export function forEachField(file: FileDescriptorProto, fn: (f: FieldDescriptorProto) => void): void {
  const visit = (m: DescriptorProto) => {
    m.field.forEach(fn);
    m.nestedType.forEach(visit);
    m.extension.forEach(fn);
  };
  file.messageType.forEach(visit);
  file.extension.forEach(fn);
}

function reformat(text: string, format: (v: number) => string): string {
  if (text === "inf" || text === "-inf" || text === "nan") return text;
  const v = Number(text);
  return Number.isNaN(v) ? text : format(v);
}
