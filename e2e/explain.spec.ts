// The Explain panel says what the engine says: for a tag byte, a varint byte, a zigzag byte and a
// fixed32 byte, the panel shows every part of engine/explain's explanation of that byte. The
// expectations are computed here by the same engine functions (nothing is written twice).
import { expect, test, type Page } from "@playwright/test";
import { explainByte, type Explanation } from "../engine/explain/index.ts";
import { runWorkspace } from "../engine/workspace/index.ts";
import { openApp, replaceEditorText, waitForNewBytes, bytesVersion } from "./helpers.ts";

const SCHEMA = `syntax = "proto3";

package demo.v1;

message Demo {
  int32 count = 1;
  sint32 delta = 2;
  float ratio = 3;
}
`;
const PROTOSCOPE = "1: 150\n2: -2z\n3: 1.5i32\n";
const TYPE = "demo.v1.Demo";

/** What the app computes for this workspace (the same engine/workspace run), explained here. */
function expected(at: number): Explanation {
  const result = runWorkspace({
    files: [
      { kind: "proto", name: "schema.proto", text: SCHEMA },
      { kind: "protoscope", name: "message.protoscope", text: PROTOSCOPE, messageType: TYPE },
    ],
    active: "message.protoscope",
  });
  return explainByte(result.bytes, result.annotations, at)!;
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Every string of the explanation that the panel must show. */
function shownParts(e: Explanation): string[] {
  const parts = [e.title, e.range, ...e.warnings];
  for (const s of e.sections) {
    parts.push(s.heading, ...s.sentences);
    for (const f of s.facts) parts.push(f.label, f.value);
    for (const r of s.rows) parts.push(r.hex, r.note, r.continuation !== undefined ? `${r.continuation} ${r.payload}` : r.bits);
  }
  return parts.map(squash).filter((p) => p !== "");
}

async function setUp(page: Page) {
  await openApp(page);
  await replaceEditorText(page, "schema", SCHEMA);
  const before = await bytesVersion(page);
  await page.getByLabel("Message type").selectOption(TYPE);
  await waitForNewBytes(page, before);
  await replaceEditorText(page, "protoscope", PROTOSCOPE);
  await page.getByRole("tab", { name: "Explain" }).click();
}

// Byte 0: the tag of field 1; byte 1: the first byte of the varint 150; byte 4: the zigzag -2;
// byte 8: the third byte of the float 1.5 (fixed32 wire type).
const BYTES = [
  { at: 0, what: "a tag byte", title: "Tag: field 1 (count), wire type 0 (VARINT)" },
  { at: 1, what: "a varint byte", title: "count: int32: 150" },
  { at: 4, what: "a zigzag byte", title: "delta: sint32 (zigzag): -2" },
  { at: 8, what: "a fixed32 byte", title: "ratio: float: 1.5" },
];

test.describe("the Explain panel", () => {
  for (const { at, what, title } of BYTES) {
    test(`selecting ${what} (byte ${at}) shows the engine's explanation`, async ({ page }) => {
      await setUp(page);
      const e = expected(at);
      // A readable anchor for the report: the engine's title for this byte.
      expect(e.title).toBe(title);
      await page.locator(`#hex-${at}`).click();
      // Move the pointer away: the panel then shows the selection (the clicked byte).
      await page.mouse.move(0, 0);
      const panel = page.getByRole("region", { name: "Explain" });
      await expect(panel.getByRole("heading", { level: 3 })).toHaveText(e.title);
      const text = squash(await panel.innerText());
      for (const part of shownParts(e)) expect(text, `the panel shows "${part}"`).toContain(part);
    });
  }

  test("hovering a byte shows the same explanation in short beside it, and in the panel", async ({ page }) => {
    await setUp(page);
    const e = expected(4);
    await page.locator("#hex-4").hover();
    const hover = page.getByRole("tooltip");
    await expect(hover).toContainText(e.title);
    await expect(hover).toContainText(e.range);
    await expect(page.getByRole("region", { name: "Explain" }).getByRole("heading", { level: 3 })).toHaveText(e.title);
  });
});
