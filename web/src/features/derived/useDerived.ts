// A view's way to a derived result: it watches the result while mounted (so the layer computes
// it) and reads it from the store.
import { useEffect } from "react";
import { useAppStore } from "../../store/index.ts";
import type { DerivedName, DerivedResults, DerivedState } from "./derivedSlice.ts";

export function useDerived<K extends DerivedName>(name: K): DerivedState<DerivedResults[K]> {
  useEffect(() => useAppStore.getState().watch(name), [name]);
  return useAppStore((s) => s.derived[name]) as DerivedState<DerivedResults[K]>;
}
