/** The sources the suites' claims quote, attributed once. */
import type { ClaimSource } from "../types.ts";

export const COMPRESS_TIP: ClaimSource = {
  author: "Miguel Young de la Sota",
  title: "Protobuf Tip #2: Compress Your Protos",
  publication: "mcyoung.xyz and the Buf blog",
  date: "2024",
};

export const OPAQUE_API: ClaimSource = {
  author: "Michael Stapelberg",
  title: "Go Protobuf: The new Opaque API",
  publication: "The Go Blog",
  date: "2024-12-16",
  url: "https://go.dev/blog/protobuf-opaque",
};

export const VTPROTOBUF: ClaimSource = {
  author: "Vicent Marti",
  title: "A new Protocol Buffers generator for Go",
  publication: "PlanetScale blog",
  date: "2021-06-03",
};

export const CHEATING_THE_REAPER: ClaimSource = {
  author: "Miguel Young de la Sota",
  title: "Cheating the Reaper in Go",
  publication: "mcyoung.xyz",
  date: "2025",
};

export const GO_ARENAS_GUIDE: ClaimSource = {
  author: "Uptrace",
  title: "Golang memory arenas [101 guide]",
  publication: "uptrace.dev",
  date: "2023",
};
