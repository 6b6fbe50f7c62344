/**
 * buf's breaking rules about messages, enums and services that still exist: deleted fields,
 * values, oneofs and RPCs, reserved and extension ranges, required fields, JSON format support,
 * enum openness, value names, and RPC signatures.
 */
import {
  ALL_FOUR,
  at,
  enumAt,
  enumFeatureAt,
  enumPairs,
  fieldAt,
  FILE_PACKAGE,
  FILE_PACKAGE_WIRE_JSON,
  firstOf,
  messageAt,
  messageFeatureAt,
  messagePairs,
  methodAt,
  q,
  serviceAt,
  servicePairs,
  WIRE_JSON_ONLY,
  WIRE_JSON_WIRE,
  type BreakingContext,
  type BreakingRule,
} from "./breaking-context.ts";
import { isClosedEnum, LABEL_REQUIRED, type Enm, type Fld, type Loc, type Msg, type Mth } from "./breaking-model.ts";
import { goQuoteJoin } from "./go-format.ts";

/** How buf names a field in messages: `Field "1" with name "a" on message "M"` (`name` "" leaves it out). */
export function describeField(f: Fld, name: string = f.isExtension ? f.fullName : f.name): string {
  const withName = name === "" ? "" : ` with name ${q(name)}`;
  return f.isExtension
    ? `Extension ${q(String(f.number))}${withName} on message ${q(f.extendee)}`
    : `Field ${q(String(f.number))}${withName} on message ${q(f.message?.name ?? "")}`;
}

const JSON_FORMATS: Record<number, string> = { 0: "JSON_FORMAT_UNKNOWN", 1: "ALLOW", 2: "LEGACY_BEST_EFFORT" };
const ALLOW = 1;

/** Go's sort.Strings order (bytes), for names. */
const sortedNames = (names: Iterable<string>): string[] => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// ------------------------------------------------------------------ ranges

interface TagRange {
  start: number;
  /** Inclusive. */
  end: number;
  max: boolean;
}

const MESSAGE_MAX = 536870911;
const MESSAGE_SET_MAX = 2147483646;
const ENUM_MAX = 2147483647;

const messageMax = (m: Msg): number => (m.proto.options?.messageSetWireFormat === true ? MESSAGE_SET_MAX : MESSAGE_MAX);

/** Message ranges, their exclusive ends made inclusive. */
function messageRanges(m: Msg, ranges: readonly { start: number; end: number }[]): TagRange[] {
  const max = messageMax(m);
  return ranges.map((r) => ({ start: r.start, end: r.end - 1, max: r.end - 1 === max }));
}

const enumRanges = (e: Enm): TagRange[] => e.proto.reservedRange.map((r) => ({ start: r.start, end: r.end, max: r.end === ENUM_MAX }));

const rangeText = (r: TagRange): string => (r.start === r.end ? `[${r.start}]` : r.max ? `[${r.start},max]` : `[${r.start},${r.end}]`);

/** Sorted ranges with overlapping and adjacent ones merged. */
function collapse(ranges: readonly TagRange[]): [number, number][] {
  const sorted = ranges.map((r): [number, number] => [r.start, r.end]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The parts of [start, end] no collapsed range covers. */
function missing(start: number, end: number, collapsed: readonly [number, number][]): [number, number][] {
  let index = collapsed.findIndex((r) => r[1] >= start);
  if (index < 0 || collapsed[index]![0] > end) return [[start, end]];
  const out: [number, number][] = [];
  let [entryStart, entryEnd] = collapsed[index]!;
  for (;;) {
    if (start < entryStart) out.push([start, end < entryStart ? end : entryStart - 1]);
    start = entryEnd + 1;
    index++;
    if (index >= collapsed.length || entryEnd >= end) break;
    [entryStart, entryEnd] = collapsed[index]!;
  }
  if (end > entryEnd) out.push([entryEnd + 1, end]);
  return out;
}

/** Reports each previous range that the current ranges no longer cover completely. */
function checkRanges(
  ctx: BreakingContext,
  rule: string,
  rangeKind: "reserved" | "extension",
  element: RangedElement,
  was: () => Loc | undefined,
  previous: readonly TagRange[],
  current: () => readonly TagRange[],
): void {
  if (previous.length === 0) return;
  const collapsed = collapse(current());
  for (const r of previous) {
    const gone = missing(r.start, r.end, collapsed);
    if (gone.length === 0) continue;
    const removed = gone.map(([s, e]) => (s === e ? `[${s}]` : e === element.max ? `[${s},max]` : `[${s},${e}]`)).join(", ");
    ctx.report(
      rule,
      { loc: element.loc(), path: element.path },
      { loc: was() },
      `Previously present ${rangeKind} range ${q(rangeText(r))} on ${element.kind} ${q(element.name)} is missing values: ${removed} were removed.`,
    );
  }
}

/** A message or enum with ranges; its location is looked up only for a finding. */
interface RangedElement {
  loc: () => Loc | undefined;
  path: string;
  name: string;
  kind: "message" | "enum";
  max: number;
}

const messageElement = (m: Msg): RangedElement => ({ loc: () => messageAt(m), path: m.file.path, name: m.name, kind: "message", max: messageMax(m) });
const enumElement = (e: Enm): RangedElement => ({ loc: () => enumAt(e), path: e.file.path, name: e.name, kind: "enum", max: ENUM_MAX });

/** Reports reserved names of the previous version that are gone. */
function checkReservedNames(ctx: BreakingContext, rule: string, element: RangedElement, was: () => Loc | undefined, previous: readonly string[], current: readonly string[]): void {
  if (previous.length === 0) return;
  const now = new Set(current);
  for (const name of new Set(previous)) {
    if (!now.has(name)) ctx.report(rule, { loc: element.loc(), path: element.path }, { loc: was() }, `Previously present reserved name ${q(name)} on ${element.kind} ${q(element.name)} was deleted.`);
  }
}

// ------------------------------------------------------------------ deletions of fields and values

const inRanges = (n: number, ranges: readonly TagRange[]): boolean => ranges.some((r) => n >= r.start && n <= r.end);

function fieldNoDelete(id: string, categories: BreakingRule["categories"], purpose: string, allow: "number" | "name" | undefined): BreakingRule {
  return {
    id,
    categories,
    purpose,
    check(ctx) {
      for (const [cur, prev] of messagePairs(ctx)) {
        const now = cur.fieldsByNumber();
        for (const [number, field] of prev.fieldsByNumber()) {
          if (now.has(number)) continue;
          if (allow === "number" && inRanges(number, messageRanges(cur, cur.proto.reservedRange))) continue;
          if (allow === "name" && cur.proto.reservedName.includes(field.name)) continue;
          const suffix = allow === "number" ? ` without reserving the number ${q(String(number))}` : allow === "name" ? ` without reserving the name ${q(field.name)}` : "";
          const description = describeField(field);
          ctx.report(
            id,
            { loc: messageAt(cur), path: cur.file.path },
            { loc: messageAt(prev) },
            `Previously present ${description[0]!.toLowerCase()}${description.slice(1)} was deleted${suffix}.`,
          );
        }
      }
    },
  };
}

function enumValueNoDelete(id: string, categories: BreakingRule["categories"], purpose: string, allow: "number" | "name" | undefined): BreakingRule {
  return {
    id,
    categories,
    purpose,
    check(ctx) {
      for (const [cur, prev] of enumPairs(ctx)) {
        const now = cur.valuesByNumber();
        for (const [number, names] of prev.valuesByNumber()) {
          if (now.has(number)) continue;
          if (allow === "number" && inRanges(number, enumRanges(cur))) continue;
          if (allow === "name" && [...names.keys()].every((n) => cur.proto.reservedName.includes(n))) continue;
          let suffix = "";
          if (allow === "number") suffix = ` without reserving the number ${q(String(number))}`;
          if (allow === "name") suffix = ` without reserving the name${names.size > 1 ? "s" : ""} ${goQuoteJoin(sortedNames(names.keys()))}`;
          ctx.report(id, { loc: enumAt(cur), path: prev.file.path }, { loc: enumAt(prev) }, `Previously present enum value ${q(String(number))} on enum ${q(cur.name)} was deleted${suffix}.`);
        }
      }
    },
  };
}

// ------------------------------------------------------------------ rules

const enumSameType: BreakingRule = {
  id: "ENUM_SAME_TYPE",
  categories: FILE_PACKAGE,
  purpose: "Checks that enums have the same type (open vs closed).",
  check(ctx) {
    for (const [cur, prev] of enumPairs(ctx)) {
      const closed = isClosedEnum(cur);
      if (isClosedEnum(prev) === closed) continue;
      const [from, to] = closed ? ["open", "closed"] : ["closed", "open"];
      ctx.report(
        this.id,
        { loc: firstOf(enumFeatureAt(cur, 2), enumAt(cur)), path: cur.file.path },
        { loc: firstOf(enumFeatureAt(prev, 2), enumAt(prev)) },
        `Enum ${q(cur.name)} changed from ${from} to ${to}.`,
      );
    }
  },
};

const enumSameJsonFormat: BreakingRule = {
  id: "ENUM_SAME_JSON_FORMAT",
  categories: FILE_PACKAGE_WIRE_JSON,
  purpose: "Checks that enums have the same JSON format support.",
  check(ctx) {
    for (const [cur, prev] of enumPairs(ctx)) {
      const before = prev.features().jsonFormat;
      const after = cur.features().jsonFormat;
      if (before !== ALLOW || after === ALLOW) continue;
      ctx.report(
        this.id,
        { loc: firstOf(enumFeatureAt(cur, 6), enumAt(cur)), path: cur.file.path },
        { loc: firstOf(enumFeatureAt(prev, 6), enumAt(prev)) },
        `Enum ${q(cur.name)} JSON format support changed from ${JSON_FORMATS[before]} to ${JSON_FORMATS[after] ?? after}.`,
      );
    }
  },
};

const enumValueSameName: BreakingRule = {
  id: "ENUM_VALUE_SAME_NAME",
  categories: FILE_PACKAGE_WIRE_JSON,
  purpose: "Checks that enum values have the same name.",
  check(ctx) {
    for (const [cur, prev] of enumPairs(ctx)) {
      const now = cur.valuesByNumber();
      for (const [number, oldValues] of prev.valuesByNumber()) {
        const values = now.get(number);
        if (values === undefined) continue;
        // Every old name must still be there (new aliases may be added).
        if ([...oldValues.keys()].every((n) => values.has(n))) continue;
        const before = sortedNames(oldValues.keys());
        const after = sortedNames(values.keys());
        const plural = before.length > 1 && after.length > 1 ? "s" : "";
        for (const [name, value] of values) {
          const old = oldValues.get(name);
          ctx.report(
            this.id,
            { loc: at(cur.file, [...value.path, 2]), path: cur.file.path },
            { loc: old === undefined ? undefined : at(prev.file, [...old.path, 2]) },
            `Enum value ${q(String(number))} on enum ${q(cur.name)} changed name${plural} from ${goQuoteJoin(before)} to ${goQuoteJoin(after)}.`,
          );
        }
      }
    }
  },
};

const reservedEnumNoDelete: BreakingRule = {
  id: "RESERVED_ENUM_NO_DELETE",
  categories: ALL_FOUR,
  purpose: "Checks that reserved ranges and names are not deleted from a given enum.",
  check(ctx) {
    for (const [cur, prev] of enumPairs(ctx)) {
      if (prev.proto.reservedRange.length === 0 && prev.proto.reservedName.length === 0) continue;
      const element = enumElement(cur);
      const was = () => enumAt(prev);
      checkRanges(ctx, this.id, "reserved", element, was, enumRanges(prev), () => enumRanges(cur));
      checkReservedNames(ctx, this.id, element, was, prev.proto.reservedName, cur.proto.reservedName);
    }
  },
};

const reservedMessageNoDelete: BreakingRule = {
  id: "RESERVED_MESSAGE_NO_DELETE",
  categories: ALL_FOUR,
  purpose: "Checks that reserved ranges and names are not deleted from a given message.",
  check(ctx) {
    for (const [cur, prev] of messagePairs(ctx)) {
      if (prev.proto.reservedRange.length === 0 && prev.proto.reservedName.length === 0) continue;
      const element = messageElement(cur);
      const was = () => messageAt(prev);
      checkRanges(ctx, this.id, "reserved", element, was, messageRanges(prev, prev.proto.reservedRange), () => messageRanges(cur, cur.proto.reservedRange));
      checkReservedNames(ctx, this.id, element, was, prev.proto.reservedName, cur.proto.reservedName);
    }
  },
};

const extensionMessageNoDelete: BreakingRule = {
  id: "EXTENSION_MESSAGE_NO_DELETE",
  categories: FILE_PACKAGE,
  purpose: "Checks that extension ranges are not deleted from a given message.",
  check(ctx) {
    for (const [cur, prev] of messagePairs(ctx)) {
      if (prev.proto.extensionRange.length === 0) continue;
      checkRanges(ctx, this.id, "extension", messageElement(cur), () => messageAt(prev), messageRanges(prev, prev.proto.extensionRange), () =>
        messageRanges(cur, cur.proto.extensionRange),
      );
    }
  },
};

const messageNoRemoveStandardDescriptorAccessor: BreakingRule = {
  id: "MESSAGE_NO_REMOVE_STANDARD_DESCRIPTOR_ACCESSOR",
  categories: FILE_PACKAGE,
  purpose: "Checks that messages do not change the no_standard_descriptor_accessor option from false or unset to true.",
  check(ctx) {
    for (const [cur, prev] of messagePairs(ctx)) {
      if (prev.proto.options?.noStandardDescriptorAccessor === true || cur.proto.options?.noStandardDescriptorAccessor !== true) continue;
      ctx.report(
        this.id,
        { loc: at(cur.file, [...cur.path, 7, 2]), path: cur.file.path },
        { loc: at(prev.file, [...prev.path, 7, 2]) },
        `Message option "no_standard_descriptor_accessor" changed from "false" to "true".`,
      );
    }
  },
};

const messageSameJsonFormat: BreakingRule = {
  id: "MESSAGE_SAME_JSON_FORMAT",
  categories: FILE_PACKAGE_WIRE_JSON,
  purpose: "Checks that messages have the same JSON format support.",
  check(ctx) {
    for (const [cur, prev] of messagePairs(ctx)) {
      const before = prev.features().jsonFormat;
      const after = cur.features().jsonFormat;
      if (before !== ALLOW || after === ALLOW) continue;
      ctx.report(
        this.id,
        { loc: firstOf(messageFeatureAt(cur, 6), messageAt(cur)), path: cur.file.path },
        { loc: firstOf(messageFeatureAt(prev, 6), messageAt(prev)) },
        `Message ${q(cur.name)} JSON format support changed from ${JSON_FORMATS[before]} to ${JSON_FORMATS[after] ?? after}.`,
      );
    }
  },
};

const REQUIRED_NOTE = "Required fields must always be sent, so if one side does not know about the required field, this will result in a breakage.";

const messageSameRequiredFields: BreakingRule = {
  id: "MESSAGE_SAME_REQUIRED_FIELDS",
  categories: ALL_FOUR,
  purpose: "Checks that messages have no added or deleted required fields.",
  check(ctx) {
    // Only the proto2 `required` label counts (editions' LEGACY_REQUIRED keeps the optional label).
    const required = (m: Msg) => new Map([...m.fieldsByNumber()].filter(([, f]) => f.proto.label === LABEL_REQUIRED));
    for (const [cur, prev] of messagePairs(ctx)) {
      const before = required(prev);
      const after = required(cur);
      for (const number of before.keys()) {
        if (!after.has(number)) {
          ctx.report(this.id, { loc: messageAt(cur), path: cur.file.path }, { loc: messageAt(prev) }, `Message ${q(prev.name)} had required field ${q(String(number))} deleted. ${REQUIRED_NOTE}`);
        }
      }
      for (const [number, field] of after) {
        if (!before.has(number)) {
          ctx.report(this.id, { loc: fieldAt(field), path: cur.file.path }, {}, `Message ${q(cur.name)} had required field ${q(String(number))} added. ${REQUIRED_NOTE}`);
        }
      }
    }
  },
};

const oneofNoDelete: BreakingRule = {
  id: "ONEOF_NO_DELETE",
  categories: FILE_PACKAGE,
  purpose: "Checks that oneofs are not deleted from a given message.",
  check(ctx) {
    for (const [cur, prev] of messagePairs(ctx)) {
      const now = new Set(cur.oneofs.map((o) => o.name));
      const seen = new Set<string>();
      for (const o of prev.oneofs) {
        if (now.has(o.name) || seen.has(o.name) || o.synthetic) continue;
        seen.add(o.name);
        ctx.report(this.id, { loc: messageAt(cur), path: cur.file.path }, { loc: messageAt(prev) }, `Previously present oneof ${q(o.name)} on message ${q(cur.name)} was deleted.`);
      }
    }
  },
};

const rpcNoDelete: BreakingRule = {
  id: "RPC_NO_DELETE",
  categories: FILE_PACKAGE,
  purpose: "Checks that rpcs are not deleted from a given service.",
  check(ctx) {
    for (const [cur, prev] of servicePairs(ctx)) {
      const now = new Set(cur.methods.map((m) => m.name));
      for (const name of new Set(prev.methods.map((m) => m.name))) {
        if (!now.has(name)) ctx.report(this.id, { loc: serviceAt(cur), path: cur.file.path }, { loc: serviceAt(prev) }, `Previously present RPC ${q(name)} on service ${q(cur.name)} was deleted.`);
      }
    }
  },
};

const IDEMPOTENCY_LEVELS: Record<number, string> = { 0: "IDEMPOTENCY_UNKNOWN", 1: "NO_SIDE_EFFECTS", 2: "IDEMPOTENT" };

/** The rules comparing each RPC with its previous version (same service, same name). */
const rpcRules: BreakingRule[] = (() => {
  const streaming = (id: string, side: "client" | "server"): BreakingRule => ({
    id,
    categories: ALL_FOUR,
    purpose: `Checks that rpcs have the same ${side} streaming value.`,
    check(ctx) {
      forEachMethodPair(ctx, (cur, prev) => {
        const key = side === "client" ? "clientStreaming" : "serverStreaming";
        if (prev.proto[key] === cur.proto[key]) return;
        const [from, to] = cur.proto[key] ? ["unary", "streaming"] : ["streaming", "unary"];
        ctx.report(id, { loc: methodAt(cur), path: cur.service.file.path }, { loc: methodAt(prev) }, `RPC ${q(cur.name)} on service ${q(cur.service.name)} changed from ${side} ${from} to ${side} ${to}.`);
      });
    },
  });
  const type = (id: string, which: "request" | "response"): BreakingRule => ({
    id,
    categories: ALL_FOUR,
    purpose: `Checks that rpcs are have the same ${which} type.`,
    check(ctx) {
      forEachMethodPair(ctx, (cur, prev) => {
        const [before, after, part] = which === "request" ? [prev.inputType, cur.inputType, 2] : [prev.outputType, cur.outputType, 3];
        if (before === after) return;
        ctx.report(
          id,
          { loc: methodAt(cur, part), path: cur.service.file.path },
          { loc: methodAt(prev, part) },
          `RPC ${q(cur.name)} on service ${q(cur.service.name)} changed ${which} type from ${q(before)} to ${q(after)}.`,
        );
      });
    },
  });
  const idempotency: BreakingRule = {
    id: "RPC_SAME_IDEMPOTENCY_LEVEL",
    categories: ALL_FOUR,
    purpose: "Checks that rpcs have the same value for the idempotency_level option.",
    check(ctx) {
      forEachMethodPair(ctx, (cur, prev) => {
        const before = prev.proto.options?.idempotencyLevel ?? 0;
        const after = cur.proto.options?.idempotencyLevel ?? 0;
        if (before === after) return;
        ctx.report(
          this.id,
          { loc: methodAt(cur, 4, 34), path: cur.service.file.path },
          { loc: methodAt(prev, 4, 34) },
          `RPC ${q(cur.name)} on service ${q(cur.service.name)} changed option "idempotency_level" from ${q(IDEMPOTENCY_LEVELS[before] ?? String(before))} to ${q(IDEMPOTENCY_LEVELS[after] ?? String(after))}.`,
        );
      });
    },
  };
  return [
    streaming("RPC_SAME_CLIENT_STREAMING", "client"),
    idempotency,
    type("RPC_SAME_REQUEST_TYPE", "request"),
    type("RPC_SAME_RESPONSE_TYPE", "response"),
    streaming("RPC_SAME_SERVER_STREAMING", "server"),
  ];
})();

/** Each RPC of a previous service with its current version (same service, same name). */
function forEachMethodPair(ctx: BreakingContext, f: (cur: Mth, prev: Mth) => void): void {
  for (const [cur, prev] of servicePairs(ctx)) {
    const now = new Map<string, Mth>();
    for (const m of cur.methods) if (!now.has(m.name)) now.set(m.name, m);
    const seen = new Set<string>();
    for (const m of prev.methods) {
      if (seen.has(m.name)) continue;
      seen.add(m.name);
      const c = now.get(m.name);
      if (c !== undefined) f(c, m);
    }
  }
}

export const typeRules: BreakingRule[] = [
  enumSameJsonFormat,
  enumSameType,
  enumValueNoDelete("ENUM_VALUE_NO_DELETE", FILE_PACKAGE, "Checks that enum values are not deleted from a given enum.", undefined),
  enumValueNoDelete(
    "ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED",
    WIRE_JSON_ONLY,
    "Checks that enum values are not deleted from a given enum unless the name is reserved.",
    "name",
  ),
  enumValueNoDelete(
    "ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED",
    WIRE_JSON_WIRE,
    "Checks that enum values are not deleted from a given enum unless the number is reserved.",
    "number",
  ),
  enumValueSameName,
  extensionMessageNoDelete,
  fieldNoDelete("FIELD_NO_DELETE", FILE_PACKAGE, "Checks that fields are not deleted from a given message.", undefined),
  fieldNoDelete("FIELD_NO_DELETE_UNLESS_NAME_RESERVED", WIRE_JSON_ONLY, "Checks that fields are not deleted from a given message unless the name is reserved.", "name"),
  fieldNoDelete(
    "FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED",
    WIRE_JSON_WIRE,
    "Checks that fields are not deleted from a given message unless the number is reserved.",
    "number",
  ),
  messageNoRemoveStandardDescriptorAccessor,
  messageSameJsonFormat,
  messageSameRequiredFields,
  oneofNoDelete,
  reservedEnumNoDelete,
  reservedMessageNoDelete,
  rpcNoDelete,
  ...rpcRules,
];
