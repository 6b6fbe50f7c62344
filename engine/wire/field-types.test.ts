import { create, createFileRegistry, toBinary, type DescMessage } from "@bufbuild/protobuf";
import { FieldDescriptorProto_Label as Label, FieldDescriptorProto_Type as Type, FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { encodeVarint64, FieldType, fieldTypeKeyword, fieldTypeOfKeyword, hexByte, isPackable, Reader, readVarint, toHex, VARINT_TOO_LONG, VARINT_TRUNCATED, wireTypeOfField } from "./index.ts";

const TYPES = Object.values(FieldType);

/** A proto2 message with one optional field of every type (a group, a message, an enum too), written by @bufbuild/protobuf. */
function everyType(): DescMessage {
  const file = create(FileDescriptorProtoSchema, {
    name: "every.proto",
    package: "t",
    syntax: "proto2",
    enumType: [{ name: "E", value: [{ name: "E_ONE", number: 1 }] }],
    messageType: [
      { name: "Inner", field: [{ name: "x", number: 1, type: Type.INT32, label: Label.OPTIONAL }] },
      { name: "G", field: [{ name: "y", number: 2, type: Type.INT32, label: Label.OPTIONAL }] },
      {
        name: "All",
        field: TYPES.map((type) => ({
          name: `f${type}`,
          number: type,
          type: type as number as Type,
          label: Label.OPTIONAL,
          typeName: type === FieldType.MESSAGE ? ".t.Inner" : type === FieldType.GROUP ? ".t.G" : type === FieldType.ENUM ? ".t.E" : undefined,
        })),
      },
    ],
  });
  return createFileRegistry(file, () => undefined).getMessage("t.All")!;
}

describe("engine/wire's facts, against @bufbuild/protobuf", () => {
  it("FieldType is descriptor.proto's numbering, name for name", () => {
    // A TypeScript enum maps both ways; its names are descriptor.proto's without the TYPE_ prefix.
    const theirs = Object.entries(Type).filter(([name]) => Number.isNaN(Number(name)));
    expect(Object.fromEntries(theirs)).toEqual(FieldType);
    for (const type of TYPES) expect(fieldTypeOfKeyword(fieldTypeKeyword(type)!)).toBe(type);
    expect([fieldTypeOfKeyword("Int32"), fieldTypeOfKeyword("map"), fieldTypeKeyword(19)]).toEqual([undefined, undefined, undefined]);
  });

  it("wireTypeOfField gives the wire type @bufbuild/protobuf writes each type with", () => {
    const desc = everyType();
    const value = (type: number): unknown => {
      switch (type) {
        case FieldType.STRING:
          return "s";
        case FieldType.BYTES:
          return Uint8Array.of(1);
        case FieldType.BOOL:
          return true;
        case FieldType.MESSAGE:
        case FieldType.GROUP:
          return {};
        case FieldType.INT64:
        case FieldType.UINT64:
        case FieldType.SINT64:
        case FieldType.FIXED64:
        case FieldType.SFIXED64:
          return 1n;
        default:
          return 1;
      }
    };
    const init = Object.fromEntries(desc.fields.map((f) => [f.localName, value(f.proto.type)]));
    const bytes = toBinary(desc, create(desc, init as never));
    const seen = new Map<number, number>();
    const r = new Reader(bytes);
    while (!r.done) {
      const [no, wt] = r.tag();
      seen.set(no, wt);
      r.skip(wt, no);
    }
    expect(seen.size).toBe(TYPES.length);
    for (const type of TYPES) expect([type, seen.get(type)]).toEqual([type, wireTypeOfField(type)]);
    expect(TYPES.filter(isPackable).map((t) => fieldTypeKeyword(t))).toEqual(["double", "float", "int64", "uint64", "int32", "fixed64", "fixed32", "bool", "uint32", "enum", "sfixed32", "sfixed64", "sint32", "sint64"]);
  });
});

describe("readVarint", () => {
  it("reads what encodeVarint64 writes, and says where it stops", () => {
    for (const v of [0n, 1n, 127n, 128n, 150n, 2n ** 32n, 2n ** 63n, 2n ** 64n - 1n]) {
      const bytes = Uint8Array.of(0xaa, ...encodeVarint64(v), 0xbb);
      expect(readVarint(bytes, 1)).toEqual([v, bytes.length - 1]);
    }
    expect(readVarint(Uint8Array.of(0x96, 0x01), 0, 1)).toEqual([0x16n, VARINT_TRUNCATED]);
    // Ten bytes: the tenth's high bits are dropped (protoc's parser); eleven are too many.
    expect(readVarint(Uint8Array.of(...new Array(9).fill(0xff), 0x7f), 0)).toEqual([2n ** 64n - 1n, 10]);
    expect(readVarint(new Uint8Array(11).fill(0x80), 0)[1]).toBe(VARINT_TOO_LONG);
  });
});

describe("hex", () => {
  it("writes every byte as two lower-case digits", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(all, hexByte)).toEqual(Array.from(all, (b) => b.toString(16).padStart(2, "0")));
    expect(toHex(Uint8Array.of(8, 0x96, 1))).toBe("08 96 01");
    expect(toHex(Uint8Array.of(0xca, 0xfe), "")).toBe("cafe");
  });
});
