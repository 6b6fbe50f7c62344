// Everything the page runs of the engine on its own thread, as one lazily loaded module (see
// lazyEngine.ts): the first paint does not wait for the schema compiler and friends.
export * from "./engineApi.ts";
