import { describe, expect, it } from "vitest";
import { assemble } from "../../protoscope/index.ts";
import { makeProtoscopeSuite, PROGRAM_SIZE, protoscopeSuite as fullSuite } from "./protoscope.ts";

const SIZE = 300_000;
const protoscopeSuite = makeProtoscopeSuite(SIZE);

describe("protoscope suite", () => {
  it("both assemble impls give the same bytes, and the disassembly reassembles to them", async () => {
    const withTree = await protoscopeSuite.prepare("assemble", "wirelab");
    const bytesOnly = await protoscopeSuite.prepare("assemble", "wirelab-bytes-only");
    const bytes = bytesOnly.output() as Uint8Array;
    expect(withTree.output()).toEqual(bytes);
    expect(bytesOnly.bytes).toBeGreaterThanOrEqual(SIZE);
    expect(bytes.length).toBeGreaterThan(SIZE / 4);
    const dis = await protoscopeSuite.prepare("disassemble", "wirelab");
    const text = dis.output() as string;
    expect(dis.bytes).toBe(bytes.length);
    expect(assemble(text, { annotations: false }).bytes).toEqual(bytes);
  });

  it("is registered at the size the task asks for", () => {
    expect(fullSuite.description).toContain(`${PROGRAM_SIZE / 1e6} MB`);
    expect(PROGRAM_SIZE).toBe(8_000_000);
  });

  it("refuses a pair it does not have", () => {
    expect(() => protoscopeSuite.prepare("disassemble", "wirelab-bytes-only")).toThrow(/no case/);
    expect(protoscopeSuite.has!("disassemble", "wirelab-bytes-only")).toBe(false);
  });
});
