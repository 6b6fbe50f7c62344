/**
 * PACKAGE_VERSION_SUFFIX's notion of a version component, as buf defines it: the last package
 * component is `v<major>` (major >= 1), `v<major>test<anything>`, `v<major>(alpha|beta)[<minor>]`
 * or `v<major>p<patch>(alpha|beta)[<minor>]`, all numbers >= 1 except where absent, and the
 * package has at least two components ("v1" alone is not versioned).
 */

/** Go's strconv.ParseInt(s, 10, 32) followed by a minimum check. */
function parseNumber(s: string, minimum: number): boolean {
  if (!/^[+-]?[0-9]+$/.test(s)) return false;
  const value = Number(s);
  return value >= minimum && value <= 0x7fffffff && value >= -0x80000000;
}

function alphaBetaMajorPatch(remainder: string): boolean {
  const p = remainder.indexOf("p");
  if (p >= 0) return parseNumber(remainder.slice(0, p), 1) && parseNumber(remainder.slice(p + 1), 1);
  return parseNumber(remainder, 1);
}

export type Stability = "stable" | "alpha" | "beta" | "test";

/** The stability a version component (e.g. "v1", "v1beta1", "v2test_foo") names; undefined if none. */
export function versionStability(component: string): Stability | undefined {
  if (component.includes(".") || component.length < 2 || component[0] !== "v") return undefined;
  const version = component.slice(1);
  const test = version.indexOf("test");
  if (test >= 0) return parseNumber(version.slice(0, test), 1) ? "test" : undefined;
  const alpha = version.includes("alpha");
  const beta = version.includes("beta");
  if (alpha && beta) return undefined;
  if (!alpha && !beta) return parseNumber(version, 1) ? "stable" : undefined;
  const level = alpha ? "alpha" : "beta";
  const at = version.indexOf(level);
  const minor = version.slice(at + level.length);
  if (minor !== "" && !parseNumber(minor, 1)) return undefined;
  return alphaBetaMajorPatch(version.slice(0, at)) ? level : undefined;
}

/** The stability of a package's version suffix; undefined when it has none (or one component). */
export function packageStability(pkg: string): Stability | undefined {
  const parts = pkg.split(".");
  return parts.length >= 2 ? versionStability(parts[parts.length - 1]!) : undefined;
}

/** True when the package's last component is a version and the package has 2+ components. */
export function hasPackageVersion(pkg: string): boolean {
  return packageStability(pkg) !== undefined;
}
