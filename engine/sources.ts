/**
 * The publications Wirelab quotes: the bibliography the lessons, the benchmark suites' claims and
 * the compression tables all cite from (a leaf: it imports nothing). Facts and figures from them
 * may be quoted with attribution; every live figure that sits beside a quoted one names its source
 * by id, and the course loader checks the id is here and listed in the lesson's front matter.
 */

export interface Source {
  id: string;
  author: string;
  title: string;
  publication: string;
  /** How a figure beside ours cites it, briefly: "Young de la Sota, Tip #2". */
  short: string;
  /** Where to read it. */
  url: string;
}

export const SOURCES: readonly Source[] = [
  {
    id: "enum-prefixes",
    short: "Young de la Sota, Tip #3",
    author: "Miguel Young de la Sota",
    title: "Protobuf Tip #3: Enum Names Need Prefixes",
    publication: "mcyoung.xyz, 22 April 2025 (also on Buf's blog)",
    url: "https://mcyoung.xyz/2025/04/22/protobuf-tip-3",
  },
  {
    id: "compress",
    short: "Young de la Sota, Tip #2",
    author: "Miguel Young de la Sota",
    title: "Protobuf Tip #2: Compress Your Protos!",
    publication: "mcyoung.xyz, 15 April 2025 (also on Buf's blog)",
    url: "https://mcyoung.xyz/2025/04/15/protobuf-tip-2/",
  },
  {
    id: "reaper",
    short: "Young de la Sota, “Cheating the Reaper”",
    author: "Miguel Young de la Sota",
    title: "Cheating the Reaper in Go",
    publication: "mcyoung.xyz, 21 April 2025",
    url: "https://mcyoung.xyz/2025/04/21/go-arenas/",
  },
  {
    id: "opaque",
    short: "Stapelberg, go.dev blog",
    author: "Michael Stapelberg",
    title: "Go Protobuf: The new Opaque API",
    publication: "go.dev blog, 16 December 2024",
    url: "https://go.dev/blog/protobuf-opaque",
  },
  {
    id: "writer-pr",
    short: "protobuf-es #1108",
    author: "jlucaso1, with review by Timo Stamm, emcfarlane and intech",
    title: "Optimize BinaryWriter with a growable buffer (bufbuild/protobuf-es #1108)",
    publication: "GitHub pull request, April 2025",
    url: "https://github.com/bufbuild/protobuf-es/pull/1108",
  },
  {
    id: "vtprotobuf",
    short: "Marti, Vitess blog",
    author: "Vicent Marti",
    title: "A new Protocol Buffers generator for Go",
    publication: "PlanetScale / Vitess blog, 3 June 2021",
    url: "https://vitess.io/blog/2021-06-03-a-new-protobuf-generator-for-go/",
  },
  {
    id: "go-arena-guide",
    short: "Uptrace guide",
    author: "Uptrace",
    title: "Golang memory arenas [101 guide]",
    publication: "uptrace.dev blog, 8 December 2022",
    url: "https://uptrace.dev/blog/golang-memory-arena",
  },
  {
    id: "field-presence",
    short: "protobuf.dev, Field Presence",
    author: "The Protocol Buffers authors",
    title: "Application Note: Field Presence",
    publication: "Protocol Buffers documentation, protobuf.dev",
    url: "https://protobuf.dev/programming-guides/field_presence/",
  },
  {
    id: "encoding",
    short: "protobuf.dev, Encoding",
    author: "The Protocol Buffers authors",
    title: "Encoding",
    publication: "Protocol Buffers documentation, protobuf.dev",
    url: "https://protobuf.dev/programming-guides/encoding/",
  },
  {
    id: "proto3-guide",
    short: "protobuf.dev, proto3 guide",
    author: "The Protocol Buffers authors",
    title: "Language Guide (proto 3)",
    publication: "Protocol Buffers documentation, protobuf.dev",
    url: "https://protobuf.dev/programming-guides/proto3/",
  },
  {
    id: "proto2-guide",
    short: "protobuf.dev, proto2 guide",
    author: "The Protocol Buffers authors",
    title: "Language Guide (proto 2)",
    publication: "Protocol Buffers documentation, protobuf.dev",
    url: "https://protobuf.dev/programming-guides/proto2/",
  },
  {
    id: "buf-breaking",
    short: "Buf docs, breaking rules",
    author: "Buf Technologies",
    title: "Breaking change detection: rules and categories",
    publication: "Buf documentation, buf.build",
    url: "https://buf.build/docs/breaking/rules/",
  },
];

export function findSource(id: string): Source | undefined {
  return SOURCES.find((s) => s.id === id);
}

/** "Author, “Title” (publication)": how a quoted figure is attributed on the page. */
export function attribution(source: Source): string {
  return `${source.author}, “${source.title}” (${source.publication})`;
}
