/**
 * `links`: what reaches the page from outside as text: share links and autosaves (`#w1.` to
 * `#w4.`, `#w4j.`), lesson progress files, and pasted bytes. Generated workspaces encoded by the
 * app itself, then damaged (cut short as chat apps do, characters changed, pasted twice); links
 * in every old format with fields missing or of the wrong type; JSON nested 100,000 deep;
 * DEFLATE bombs. A link opens or says why not (a ShareLinkError with words), never anything
 * else; an undamaged link opens to exactly what was encoded; a bomb is refused within the time
 * budget (the inflater is stopped soon after the bound); a progress file that is not one is
 * refused and the learner's progress stays as it was; pasted text parses to bytes or says why.
 */
import fc from "fast-check";
import { deflateSync, strToU8 } from "fflate";
import { createStore } from "zustand/vanilla";
import { parseBytes, formatHex } from "../../web/src/features/bytes-input/parseBytes.ts";
import { encodeBase64 } from "../../web/src/features/share/base64.ts";
import { decodeShareLink, encodeShareHash, MAX_LINK_BYTES, ShareLinkError } from "../../web/src/features/share/shareLink.ts";
import type { ViewState } from "../../web/src/features/view/viewTypes.ts";
import type { Workspace, WorkspaceFile } from "../../engine/workspace/types.ts";
import { createAppState } from "../../web/src/store/appState.ts";
import type { AppState } from "../../web/src/store/types.ts";
import { PROGRESS_FORMAT } from "../../web/src/features/lessons/lessonsSlice.ts";
import { deflateBomb, deflateFill } from "../lib/bomb.ts";
import { applyTextEdits, firstLine, guard, hex, loadJson, saveJson, textEdits, type Finding, type Target } from "../core.ts";

type Input =
  | { kind: "link"; text: string; /** The workspace and view it encodes, when undamaged. */ expect?: { workspace: Workspace; view: ViewState } }
  | { kind: "bomb"; text: string }
  | { kind: "progress"; text: string }
  | { kind: "bytes"; text: string };

const NAMES = ["schema.proto", "a/b.proto", "message.protoscope", "message.txtpb", "message.bin", "answer.txt", "requests.ops", "x.proto"];

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40, unit: "grapheme" }), fc.string({ maxLength: 20, unit: "binary" }));
const file: fc.Arbitrary<WorkspaceFile> = fc.oneof(
  fc.record({ kind: fc.constant("proto" as const), name: fc.constant(""), text }),
  fc.record({ kind: fc.constant("text" as const), name: fc.constant(""), text }),
  fc.record({ kind: fc.constantFrom("protoscope" as const, "textformat" as const), name: fc.constant(""), text, messageType: fc.constantFrom("", "pkg.M", "a.b.C") }),
  fc.record({ kind: fc.constant("bytes" as const), name: fc.constant(""), bytes: fc.uint8Array({ maxLength: 40 }), messageType: fc.constantFrom("", "pkg.M") }),
);
const workspace: fc.Arbitrary<Workspace> = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 5 }), fc.array(file, { minLength: 5, maxLength: 5 }), fc.nat())
  .map(([names, files, active]) => {
    const named = names.map((name, i) => ({ ...files[i]!, name }) as WorkspaceFile);
    return { files: named, active: named.length > 0 ? named[active % named.length]!.name : "" };
  });
const view: fc.Arbitrary<ViewState> = fc.record(
  {
    editor: fc.constantFrom(...NAMES),
    panel: fc.constantFrom("fields", "readings", "sizes", "bench"),
    selection: fc.oneof(fc.constant(null), fc.tuple(fc.nat({ max: 100 }), fc.integer({ min: 1, max: 50 })).map(([a, n]) => [a, a + n] as [number, number])),
    theme: fc.constantFrom("light", "dark"),
    wide: fc.boolean(),
    panels: fc.dictionary(fc.constantFrom("sizes", "tree"), fc.jsonValue({ maxDepth: 2 })),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<ViewState>;

const LINK_SNIPPETS = ["%", "#", "w4.", "=", "-", "_", "+", "/", " ", "\n", "é", "{", "}", "\"", "[", "]", ":", ",", "null", "AAAA"];

function b64url(bytes: Uint8Array): string {
  return encodeBase64(bytes, true);
}

/** JSON nested `depth` levels, as an array chain or an object chain. */
function deepJson(depth: number, object: boolean): string {
  return object ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth);
}

const oldFormat: fc.Arbitrary<string> = fc.oneof(
  fc.dictionary(fc.constantFrom("proto", "protoscope", "x"), fc.jsonValue({ maxDepth: 2 })).map((o) => `#w1.${b64url(strToU8(JSON.stringify(o)))}`),
  fc.tuple(fc.constantFrom(2, 3), fc.dictionary(fc.constantFrom("schema", "protoscope", "message", "messageType", "mode", "bytes", "view"), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom("bytes", "textformat", "protoscope", "AAEC", "!!")))).map(([v, o]) => `#w${v}.${b64url(deflateSync(strToU8(JSON.stringify(o))))}`),
  fc.dictionary(fc.constantFrom("files", "active", "view"), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant([{ name: "a", kind: "bytes", bytes: "%%%" }]), fc.constant([{ name: "a", kind: "proto" }, { name: "a", kind: "proto" }]))).map((o) => `#w4.${b64url(deflateSync(strToU8(JSON.stringify(o))))}`),
  fc.tuple(fc.integer({ min: 1000, max: 100_000 }), fc.boolean(), fc.constantFrom("files", "view", "active")).map(([d, obj, key]) => `#w4j.{"files":[],"active":"","${key}":${deepJson(d, obj)}}`),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.string({ maxLength: 30 })).map(([v, s]) => `#w${v}.${s}`),
);

let bombs: string[] | undefined;
/**
 * Links that inflate past the bound: zeros just past it, a workspace whose one file is 64 MiB of
 * spaces (valid JSON all the way), and a gigabyte of zeros in a 6.5 MB link (the bound must stop
 * the inflater early, not look at the size afterwards: inflated whole it took 7 s and 3 GB).
 */
function bombLinks(): string[] {
  bombs ??= [
    `#w4.${b64url(deflateBomb(MAX_LINK_BYTES + 300))}`,
    `#w4.${b64url(deflateFill(strToU8('{"files":[{"name":"a.proto","kind":"proto","text":"'), 0x20, MAX_LINK_BYTES + 1000, strToU8('"}],"active":""}')))}`,
    `#w4.${b64url(deflateBomb(2 ** 30))}`,
  ];
  return bombs;
}

const progressJson: fc.Arbitrary<string> = fc
  .record({
    format: fc.oneof({ weight: 4, arbitrary: fc.constant(PROGRESS_FORMAT) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 0 }) }),
    completed: fc.dictionary(fc.constantFrom("varints/write-bytes", "x/y"), fc.oneof(fc.constant(true), fc.jsonValue({ maxDepth: 1 }))),
    attempts: fc.dictionary(fc.constantFrom("varints/write-bytes", "a/b"), fc.oneof(fc.dictionary(fc.constantFrom("message.protoscope", "answer.txt"), fc.string()), fc.jsonValue({ maxDepth: 1 }))),
    hints: fc.dictionary(fc.constantFrom("varints/write-bytes"), fc.oneof(fc.nat(5), fc.jsonValue({ maxDepth: 0 }))),
    guesses: fc.dictionary(fc.constantFrom("varints/predict-1"), fc.oneof(fc.record({ guess: fc.string(), revealed: fc.boolean() }), fc.jsonValue({ maxDepth: 1 }))),
    results: fc.dictionary(fc.constantFrom("varints/write-bytes"), fc.jsonValue({ maxDepth: 2 })),
  }, { requiredKeys: [] })
  .map((o) => JSON.stringify(o));

export const target: Target<Input> = {
  name: "links",
  about: "share links, autosaves, progress files and pasted bytes: damaged, truncated, oversized, nested -> opened exactly or refused with a reason, nothing lost",
  ext: "json",
  // Refusing a bomb inflates 64 MiB first: most of a second alone, more on a busy machine.
  budgetMs: 10_000,
  arbitrary() {
    const edits = textEdits(LINK_SNIPPETS);
    const bombs = bombLinks(); // made once, before any input is timed
    const encoded = fc.tuple(workspace, view, fc.constantFrom<0 | 1 | 6 | 9>(0, 1, 6, 9), fc.boolean()).map(([ws, v, level, raw]) => ({ ws, v, text: encodeShareHash(ws, v, { level, raw }) }));
    return fc.oneof(
      { weight: 3, arbitrary: encoded.map(({ ws, v, text }) => ({ kind: "link" as const, text, expect: { workspace: ws, view: v } })) },
      { weight: 4, arbitrary: fc.tuple(encoded, edits).map(([e, ed]) => ({ kind: "link" as const, text: applyTextEdits(e.text, ed) })) },
      // A bomb costs most of a second to refuse (64 MiB are inflated first): one input in about 300.
      { weight: 3, arbitrary: fc.oneof({ weight: 100, arbitrary: oldFormat.map((text) => ({ kind: "link" as const, text }) as Input) }, { weight: 1, arbitrary: fc.nat().map((i) => ({ kind: "bomb" as const, text: bombs[i % bombs.length]! }) as Input) }) },
      { weight: 3, arbitrary: fc.oneof(progressJson, fc.tuple(progressJson, edits).map(([t, e]) => applyTextEdits(t, e)), fc.integer({ min: 1000, max: 100_000 }).map((d) => deepJson(d, d % 2 === 0))).map((text) => ({ kind: "progress" as const, text })) },
      { weight: 2, arbitrary: fc.oneof(fc.uint8Array({ maxLength: 40 }).map((b) => formatHex(b)), fc.uint8Array({ maxLength: 40 }).map((b) => encodeBase64(b)), fc.string({ maxLength: 40 })).chain((t) => fc.tuple(fc.constant(t), fc.option(edits)).map(([x, e]) => (e ? applyTextEdits(x, e) : x))).map((text) => ({ kind: "bytes" as const, text })) },
    );
  },
  check(input) {
    const findings: Finding[] = [];
    switch (input.kind) {
      case "link":
      case "bomb": {
        let opened: ReturnType<typeof decodeShareLink> | undefined;
        try {
          opened = decodeShareLink(input.text);
        } catch (e) {
          if (!(e instanceof ShareLinkError)) {
            const err = e instanceof Error ? e : new Error(String(e));
            findings.push({ kind: "crash", summary: `decodeShareLink threw ${err.name}: ${firstLine(err.message).replace(/\d+/g, "N")}`, detail: `${err.stack}\nlink: ${input.text.slice(0, 300)}` });
          } else if (e.message.trim() === "") findings.push({ kind: "mismatch", summary: "a refused link gives no reason" });
          else if (input.kind === "bomb" && !/too large/.test(e.message)) findings.push({ kind: "mismatch", summary: `a DEFLATE bomb was refused for another reason: ${e.message}` });
          if (input.kind === "link" && input.expect) findings.push({ kind: "mismatch", summary: "an undamaged link does not open", detail: String(e) });
          return findings;
        }
        if (input.kind === "bomb") findings.push({ kind: "mismatch", summary: "a DEFLATE bomb opened" });
        if (input.kind === "link" && input.expect) {
          const norm = (ws: Workspace) => JSON.stringify(ws.files.map((f) => (f.kind === "bytes" ? { ...f, bytes: hex(f.bytes) } : f))) + ws.active;
          if (norm(opened.workspace) !== norm(input.expect.workspace)) findings.push({ kind: "mismatch", summary: "an undamaged link opens to another workspace", detail: `want ${norm(input.expect.workspace).slice(0, 300)}\ngot  ${norm(opened.workspace).slice(0, 300)}` });
          if (JSON.stringify(opened.view) !== JSON.stringify(input.expect.view)) findings.push({ kind: "mismatch", summary: "an undamaged link opens to another view", detail: `want ${JSON.stringify(input.expect.view)}\ngot  ${JSON.stringify(opened.view)}` });
        }
        return findings;
      }
      case "progress": {
        const store = createStore<AppState>()(createAppState);
        const mine = JSON.stringify({ format: PROGRESS_FORMAT, completed: { "varints/write-bytes": true }, attempts: { "varints/write-bytes": { "message.protoscope": "1: 150" } }, hints: {}, guesses: {}, results: {} });
        if (store.getState().importProgress(mine) !== undefined) findings.push({ kind: "mismatch", summary: "a well-formed progress file is refused" });
        const before = JSON.stringify(store.getState().progress);
        const refused = guard("importProgress", () => store.getState().importProgress(input.text), findings);
        if (typeof refused === "string") {
          if (refused.trim() === "") findings.push({ kind: "mismatch", summary: "a refused progress file gives no reason" });
          if (JSON.stringify(store.getState().progress) !== before) findings.push({ kind: "mismatch", summary: "a refused progress file changed the learner's progress" });
        }
        guard("exportProgress after an import", () => JSON.parse(store.getState().exportProgress()), findings);
        return findings;
      }
      case "bytes": {
        const parsed = guard("parseBytes", () => parseBytes(input.text), findings);
        if (parsed && !parsed.ok && parsed.error.trim() === "") findings.push({ kind: "mismatch", summary: "pasted text refused without a reason" });
        if (parsed?.ok) {
          const again = parseBytes(formatHex(parsed.bytes), "hex");
          if (!again.ok || hex(again.bytes) !== hex(parsed.bytes)) findings.push({ kind: "mismatch", summary: "bytes do not survive formatHex and parseBytes", detail: input.text });
        }
        return findings;
      }
    }
  },
  save: saveJson,
  load: (b) => loadJson<Input>(b),
};
