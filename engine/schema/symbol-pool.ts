/**
 * The symbol table of a workspace, shaped like protoc's DescriptorPool tables: one map from fully
 * qualified name to symbol for every file built so far, with checkpoints so a file that fails to
 * build leaves no symbols behind (protoc rolls back the same way).
 *
 * Enum values are entered twice, as protoc does: by their C++-scoped full name (a sibling of the
 * enum, `pkg.VALUE`) in the pool, and under their enum in a per-enum set used to tell a clash with
 * a sibling value from a clash with some other symbol of the enclosing scope.
 */
import type { DescriptorProto, EnumDescriptorProto, EnumValueDescriptorProto, FieldDescriptorProto, FileDescriptorProto, MethodDescriptorProto, OneofDescriptorProto, ServiceDescriptorProto } from "@bufbuild/protobuf/wkt";

/** A built file as the pool knows it. */
export interface PoolFile {
  name: string;
  proto: FileDescriptorProto;
  package: string;
  syntax: "proto2" | "proto3" | "editions";
  /** Indexes into dependency of the public imports. */
  publicDeps: PoolFile[];
  deps: PoolFile[];
  /**
   * The file's resolved `default_symbol_visibility` feature (edition 2024), kept before the
   * source-retention feature is stripped from its options; EXPORT_ALL when absent.
   */
  defaultVisibility?: number;
}

export type SymbolEntry =
  | { kind: "package"; fullName: string; file: PoolFile }
  | { kind: "message"; fullName: string; file: PoolFile; proto: DescriptorProto }
  | { kind: "enum"; fullName: string; file: PoolFile; proto: EnumDescriptorProto }
  | { kind: "enumValue"; fullName: string; file: PoolFile; proto: EnumValueDescriptorProto; enumFullName: string }
  | { kind: "field"; fullName: string; file: PoolFile; proto: FieldDescriptorProto; isExtension: boolean; parentFullName: string }
  | { kind: "oneof"; fullName: string; file: PoolFile; proto: OneofDescriptorProto }
  | { kind: "service"; fullName: string; file: PoolFile; proto: ServiceDescriptorProto }
  | { kind: "method"; fullName: string; file: PoolFile; proto: MethodDescriptorProto };

/** protoc's Symbol::IsAggregate: something names can be looked up inside. */
export function isAggregate(s: SymbolEntry): boolean {
  return s.kind === "message" || s.kind === "package" || s.kind === "enum" || s.kind === "service";
}

/** protoc's Symbol::IsType. */
export function isType(s: SymbolEntry): boolean {
  return s.kind === "message" || s.kind === "enum";
}

export class SymbolPool {
  private readonly symbols = new Map<string, SymbolEntry>();
  readonly files = new Map<string, PoolFile>();
  /** Extensions by "extendee full name#number". */
  readonly extensions = new Map<string, SymbolEntry>();
  private journal: Array<() => void> | undefined;

  find(fullName: string): SymbolEntry | undefined {
    return this.symbols.get(fullName);
  }

  /** Adds a symbol; false (and nothing changes) when the name is taken. */
  add(entry: SymbolEntry): boolean {
    if (this.symbols.has(entry.fullName)) return false;
    this.symbols.set(entry.fullName, entry);
    this.journal?.push(() => this.symbols.delete(entry.fullName));
    return true;
  }

  addFile(file: PoolFile): void {
    this.files.set(file.name, file);
    this.journal?.push(() => this.files.delete(file.name));
  }

  addExtension(key: string, entry: SymbolEntry): boolean {
    if (this.extensions.has(key)) return false;
    this.extensions.set(key, entry);
    this.journal?.push(() => this.extensions.delete(key));
    return true;
  }

  /** Starts recording changes so `rollback` can undo a failed file. */
  checkpoint(): void {
    this.journal = [];
  }

  commit(): void {
    this.journal = undefined;
  }

  rollback(): void {
    const undo = this.journal ?? [];
    for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
    this.journal = undefined;
  }
}
