/**
 * Small facts about names and numbers every part of the linker uses: joining a scope and a name,
 * protoc's JSON name, and the field numbers protobuf reserves for itself. A leaf: the linker and
 * the modules it calls (crosslink, validate, field hints, feature lifetimes, wkt) import it, so
 * none of them imports the linker back for them.
 */

/** Field numbers 19000 to 19999 are reserved for protobuf's own implementation. */
export const FIRST_RESERVED = 19000;
export const LAST_RESERVED = 19999;

/** `scope.name`, or `name` at the top level. */
export function join(scope: string, name: string): string {
  return scope === "" ? name : scope + "." + name;
}

/** protoc's ToJsonName: drop underscores, capitalizing the letter after each. */
export function toJsonName(name: string): string {
  let out = "";
  let capitalizeNext = false;
  for (const c of name) {
    if (c === "_") capitalizeNext = true;
    else if (capitalizeNext) {
      out += c >= "a" && c <= "z" ? c.toUpperCase() : c;
      capitalizeNext = false;
    } else out += c;
  }
  return out;
}
