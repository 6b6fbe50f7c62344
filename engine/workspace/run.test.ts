import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { advanceAssembly, createWorkspaceCache, pendingAssembly, runWorkspace, symbolAt, workspaceSchema, type Workspace, type WorkspaceFile } from "./index.ts";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");
const logSchema = readFileSync("examples/ide/05-log-entry/schema.proto", "utf8");
const proto = (name: string, text: string): WorkspaceFile => ({ kind: "proto", name, text });
const ws = (files: WorkspaceFile[], active = ""): Workspace => ({ files, active });

describe("runWorkspace", () => {
  it("assembles protoscope, with links from bytes to the text", () => {
    const r = runWorkspace(ws([{ kind: "protoscope", name: "m.protoscope", text: "1: 150", messageType: "" }]));
    expect(hex(r.bytes)).toBe("08 96 01");
    expect(r.active).toBe("m.protoscope");
    expect(r.sourceFile).toBe("m.protoscope");
    expect(r.annotations.at(0)?.source).toEqual({ from: 0, to: 6 });
    expect(r.diagnostics).toEqual({ "m.protoscope": [] });
  });

  it("keeps the bytes before and after a protoscope error, the error marked in the tree", () => {
    const r = runWorkspace(ws([{ kind: "protoscope", name: "m.protoscope", text: "1: 150\n2: oops\n3: 5", messageType: "" }]));
    expect(hex(r.bytes)).toBe("08 96 01 10 18 05");
    expect(r.diagnostics["m.protoscope"]!.map((d) => d.code)).toEqual(["protoscope/unknown-symbol"]);
    const error = [...r.annotations].find((n) => n.kind === "error");
    expect(error?.bytes).toEqual([3, 3]);
    expect(error?.source).toEqual({ from: 10, to: 14 });
  });

  it("names the tree from the schema when a type is chosen, with the assembler's links in the same tree", () => {
    const r = runWorkspace(ws([proto("schema.proto", logSchema), { kind: "protoscope", name: "m.protoscope", text: "2: 150", messageType: "log.v1.LogEntry" }]));
    expect(r.messageTypes).toEqual(["log.v1.LogEntry"]);
    expect(r.annotations.at(0)?.name).toBe("request_size");
    expect(r.annotations.at(0)?.source).toEqual({ from: 0, to: 6 });
  });

  it("offers the schema's message types while the schema has a syntax error", () => {
    const broken = 'syntax = "proto3";\npackage p;\nmessage Point { int32 x = 1 int32 y = 2; }\nmessage Line { Point a = 1; }\n';
    const r = runWorkspace(ws([proto("schema.proto", broken), { kind: "protoscope", name: "m.protoscope", text: "1: 150", messageType: "p.Point" }]));
    expect(r.diagnostics["schema.proto"]!.some((d) => d.severity === "error")).toBe(true);
    expect(r.messageTypes).toEqual(["p.Line", "p.Point"]);
    // The type is still declared: no "gone" warning, the bytes are shown without names meanwhile.
    expect(r.diagnostics["m.protoscope"]).toEqual([]);
    expect(hex(r.bytes)).toBe("08 96 01");
  });

  it("says when the chosen type was renamed or removed, naming the closest one", () => {
    const renamed = logSchema.replace("message LogEntry", "message LogEntries");
    const r = runWorkspace(ws([proto("schema.proto", renamed), { kind: "protoscope", name: "m.protoscope", text: "2: 150", messageType: "log.v1.LogEntry" }]));
    expect(r.messageTypes).toEqual(["log.v1.LogEntries"]);
    expect(r.diagnostics["m.protoscope"]).toMatchObject([
      {
        code: "workspace/message-type-gone",
        severity: "warning",
        message: 'The schema has no message type "log.v1.LogEntry" (renamed or removed?); the closest is "log.v1.LogEntries".',
        span: { kind: "none", file: "m.protoscope" },
      },
    ]);
    const t = runWorkspace(ws([proto("schema.proto", renamed), { kind: "textformat", name: "m.txtpb", text: "request_size: 1", messageType: "log.v1.LogEntry" }]));
    expect(t.diagnostics["m.txtpb"]![0]!.message).toContain('the closest is "log.v1.LogEntries"');
  });

  it("encodes the active text-format message against its type", () => {
    const r = runWorkspace(
      ws(
        [
          proto("schema.proto", logSchema),
          { kind: "protoscope", name: "m.protoscope", text: "1: 1", messageType: "" },
          { kind: "textformat", name: "m.txtpb", text: "request_size: 150", messageType: "log.v1.LogEntry" },
        ],
        "m.txtpb",
      ),
    );
    expect(hex(r.bytes)).toBe("10 96 01");
    expect(r.sourceFile).toBe("m.txtpb");
  });

  it("says what text format needs when there is no type, on that file", () => {
    const r = runWorkspace(ws([proto("schema.proto", logSchema), { kind: "textformat", name: "m.txtpb", text: "request_size: 150", messageType: "" }]));
    expect(r.bytes.length).toBe(0);
    expect(r.diagnostics["m.txtpb"]).toMatchObject([
      { code: "workspace/no-message-type", message: "Choose the message type to encode.", span: { kind: "none", file: "m.txtpb" } },
    ]);
  });

  it("disassembles raw bytes with names, and links the disassembly back to the bytes", () => {
    const bytes = Uint8Array.of(0x10, 0x96, 0x01);
    const r = runWorkspace(ws([proto("schema.proto", logSchema), { kind: "bytes", name: "m.bin", bytes, messageType: "log.v1.LogEntry" }]));
    expect(r.bytes).toBe(bytes);
    expect(r.disassembly).toMatch(/2: 150\s+#\s*request_size/);
    expect(r.sourceFile).toBe("m.bin");
    // One tree: the schema's names, linked to the disassembly ("2: 150" is its first line).
    expect(r.annotations.at(0)).toMatchObject({ name: "request_size", source: { from: 0, to: 6 } });
    expect(r.disassembly!.slice(0, 6)).toBe("2: 150");
  });

  it("reports schema errors with protoc's words on their file, and still assembles the bytes", () => {
    const r = runWorkspace(
      ws([proto("dup.proto", 'syntax = "proto3";\nmessage A { int32 a = 1; int32 b = 1; }\n'), { kind: "protoscope", name: "p", text: "1: 1", messageType: "" }]),
    );
    expect(hex(r.bytes)).toBe("08 01");
    // protoc 36.2: dup.proto:2:36: Field number 1 has already been used in "A" by field "a". Next available field number is 2.
    expect(r.diagnostics["dup.proto"]).toMatchObject([
      { severity: "error", message: 'Field number 1 has already been used in "A" by field "a". Next available field number is 2.', span: { file: "dup.proto", start: { line: 2, column: 36 } } },
    ]);
    expect(r.diagnostics["p"]).toEqual([]);
  });

  it("compiles .proto files that import each other, and names diagnostics by file", () => {
    const common = 'syntax = "proto3";\npackage shop.v1;\nmessage Money {\n  int64 units = 1;\n}\n';
    const order = 'syntax = "proto3";\npackage shop.v1;\nimport "common/money.proto";\nmessage Order {\n  Money total = 1;\n  Missing gone = 2;\n}\n';
    const broken = runWorkspace(ws([proto("common/money.proto", common), proto("order.proto", order)]));
    expect(broken.diagnostics["common/money.proto"]).toEqual([]);
    expect(broken.diagnostics["order.proto"]).toMatchObject([{ message: '"Missing" is not defined.', span: { file: "order.proto", start: { line: 6 } } }]);

    const fixed = runWorkspace(
      ws([
        proto("common/money.proto", common),
        proto("order.proto", order.replace("  Missing gone = 2;\n", "")),
        { kind: "textformat", name: "o.txtpb", text: "total { units: 150 }", messageType: "shop.v1.Order" },
      ]),
    );
    expect(Object.values(fixed.diagnostics).flat().filter((d) => d.severity === "error")).toEqual([]);
    expect(fixed.messageTypes).toEqual(["shop.v1.Money", "shop.v1.Order"]);
    expect(hex(fixed.bytes)).toBe("0a 03 08 96 01");
  });

  it("reuses the compiled schema from the caller's cache while the .proto files are unchanged", () => {
    const cache = createWorkspaceCache();
    const a = ws([proto("schema.proto", logSchema), { kind: "protoscope", name: "p", text: "1: 1", messageType: "" }]);
    const first = workspaceSchema(a, cache);
    expect(workspaceSchema({ ...a, files: [a.files[0]!, { kind: "protoscope", name: "p", text: "2: 2", messageType: "" }] }, cache)).toBe(first);
    expect(workspaceSchema({ ...a, files: [proto("schema.proto", logSchema + "\n")] }, cache)).not.toBe(first);
    // Another cache knows nothing of the first.
    expect(workspaceSchema(a, createWorkspaceCache())).not.toBe(first);
  });

  it("an editor's cache re-assembles protoscope from its last unchanged checkpoint, with a fresh run's result", () => {
    const cache = createWorkspaceCache({ incremental: true });
    const lines = Array.from({ length: 2000 }, (_, i) => (i % 2 ? `1: ${i}` : `2: {3: "x${i}" 4: ${i}i32}`));
    let text = lines.join("\n") + "\n";
    const file = (name: string, t: string): WorkspaceFile => ({ kind: "protoscope", name, text: t, messageType: "" });
    const plain = (r: ReturnType<typeof runWorkspace>) => ({ ...r, elapsedMs: 0, annotations: JSON.stringify(r.annotations) });
    runWorkspace(ws([file("a.protoscope", text)]), cache);
    for (const key of ["5", ": ", "oops", "\n", "{"]) {
      text += key;
      const r = runWorkspace(ws([file("a.protoscope", text)]), cache);
      expect(cache.assembly!.memo.resumedAt).toBeGreaterThan(text.length - 2048);
      expect(plain(r)).toEqual(plain(runWorkspace(ws([file("a.protoscope", text)]))));
    }
    // Another file: its own memo, from the start.
    runWorkspace(ws([file("b.protoscope", text + " ")]), cache);
    expect(cache.assembly!.file).toBe("b.protoscope");
    expect(cache.assembly!.memo.resumedAt).toBe(-1);
    // A one-off cache (the CLI's) keeps none.
    const once = createWorkspaceCache();
    runWorkspace(ws([file("a.protoscope", text)]), once);
    expect(once.assembly).toBeUndefined();
  });

  it("says how much of a protoscope input the next run would assemble again, when that is all it would do", () => {
    const cache = createWorkspaceCache({ incremental: true });
    const text = Array.from({ length: 3000 }, (_, i) => `1: ${i}`).join("\n") + "\n";
    const input = (t: string, messageType = ""): WorkspaceFile => ({ kind: "protoscope", name: "p", text: t, messageType });
    expect(pendingAssembly(ws([input(text)]), cache)).toBe(text.length);
    runWorkspace(ws([input(text)]), cache);
    // An edit at the end: about a checkpoint interval; at the top: everything.
    const end = pendingAssembly(ws([input(text + "2: 3")]), cache)!;
    expect(end).toBeGreaterThan(4);
    expect(end).toBeLessThanOrEqual(1024 + 20);
    expect(pendingAssembly(ws([input("9: 9\n" + text)]), cache)).toBe(text.length + 5);
    // A message type means decoding every byte again; a schema not compiled yet, compiling it.
    expect(pendingAssembly(ws([input(text, "log.v1.LogEntry")]), cache)).toBeUndefined();
    const withSchema = ws([proto("schema.proto", logSchema), input(text + "2: 3")]);
    expect(pendingAssembly(withSchema, cache)).toBeUndefined();
    runWorkspace(withSchema, cache);
    expect(pendingAssembly(withSchema, cache)).toBeLessThanOrEqual(1024 + 20);
    // Warming a memo a step at a time: each step leaves less to do, down to the last line.
    const fresh = createWorkspaceCache({ incremental: true });
    const doc = ws([input(text)]);
    const left: number[] = [];
    // (Down to within one checkpoint interval of the end: the memo cannot keep more.)
    for (let step = pendingAssembly(doc, fresh)!; step > 1024 + 20 && left.length < 20; step = left[left.length - 1]!) left.push(advanceAssembly(doc, fresh, 4096)!);
    expect(left.length).toBeGreaterThanOrEqual(Math.floor(text.length / 4096) - 1);
    expect(left.every((n, i) => i === 0 || n < left[i - 1]!)).toBe(true);
    expect(left[left.length - 1]).toBeLessThanOrEqual(1024 + 20);
    expect(advanceAssembly(doc, fresh, 4096)).toBe(left[left.length - 1]);
    expect(advanceAssembly(ws([input(text, "log.v1.LogEntry")]), fresh, 4096)).toBeUndefined();
    // Another input file has no memo yet.
    expect(pendingAssembly(ws([{ ...input(text), name: "q" }]), cache)).toBe(text.length);
  });

  it("places hover symbols by offset, so a tab-indented nested field is found", () => {
    const text = 'syntax = "proto3";\npackage t;\nmessage Outer {\n\tmessage Inner {\n\t\tint32 deep_field = 1;\n\t}\n\tInner inner = 1;\n}\n';
    const r = runWorkspace(ws([proto("t.proto", text)]));
    const at = text.indexOf("deep_field") + 3;
    expect(symbolAt(r.symbols, "t.proto", at)?.fqn).toBe("t.Outer.Inner.deep_field");
    expect(symbolAt(r.symbols, "t.proto", text.indexOf("inner =") + 1)?.fqn).toBe("t.Outer.inner");
    expect(symbolAt(r.symbols, "other.proto", at)).toBeUndefined();
  });

  it("survives JSON-like cloning: the result is plain data", () => {
    const r = runWorkspace(ws([proto("schema.proto", logSchema), { kind: "protoscope", name: "p", text: "2: 150", messageType: "log.v1.LogEntry" }]));
    expect(structuredClone(r)).toEqual(r);
  });
});
