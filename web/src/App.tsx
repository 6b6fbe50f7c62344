import { GrowableWriter, WireType } from "../../engine/wire/index.ts";

/** The encoding guide's first example: field 1 (varint) = 150, which is `08 96 01` on the wire. */
function encodeExample(): Uint8Array {
  return new GrowableWriter().tag(1, WireType.Varint).uint32(150).finish();
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");
}

export function App() {
  const bytes = encodeExample();
  return (
    <main>
      <h1>Wirelab</h1>
      <p>
        Field 1 = 150 encodes as <output data-testid="example-bytes">{toHex(bytes)}</output>
      </p>
    </main>
  );
}
