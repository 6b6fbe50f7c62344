// Command bump is the oracle for engine/arena/bump.ts: it runs each operation script of
// scripts.json (read from standard input) through two real Go arenas that hand out real
// memory, and prints the trace of each as JSON.
//
//   - designArena follows the prose of "Cheating the Reaper in Go": chunks are reflect-built
//     [N]uintptr arrays with a trailing pointer slot, remembered by log2 of their size and
//     reused after Reset; Realloc grows the newest block in place (moving the bump pointer) or
//     copies.
//   - listingArena follows the post's final listing as printed: Alloc appends each chunk to
//     a.chunks, allocChunk also files new chunks at index log2(words) and returns a.chunks[log]
//     whenever the slice is long enough; Realloc is the post's, which does not move the bump
//     pointer. The program records the real size of every chunk it got from the heap, so a
//     block handed out past a chunk's real end is reported as an overflow. Nothing is written
//     into the blocks, so the program itself never corrupts memory.
//
// Chunks are numbered in the order they were obtained; a block's chunk is the chunk the bump
// pointer was set to at the last growth (found by comparing base addresses), and offsets are
// real address differences.
package main

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"os"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

const (
	wordBytes uintptr = 8
	minWords  uintptr = 8
)

type event map[string]any

type stats struct {
	Requested uintptr `json:"requested"`
	Reserved  uintptr `json:"reserved"`
	Wasted    uintptr `json:"wasted"`
	Chunks    int     `json:"chunks"`
}

type chunkRec struct {
	base  uintptr
	words uintptr
	ptr   unsafe.Pointer // keeps the chunk alive
}

type block struct {
	ptr        uintptr
	chunk      *int
	size       uintptr
	generation int
}

// recorder numbers chunks and turns addresses into (chunk, offset).
type recorder struct {
	events  []event
	chunks  []chunkRec
	stats   stats
	current *int    // chunk the bump pointer is in, nil for a nil chunk
	base    uintptr // its base address (0 for nil)
}

func (r *recorder) emit(e event) { r.events = append(r.events, e) }

func (r *recorder) obtained(p unsafe.Pointer, words uintptr) {
	r.chunks = append(r.chunks, chunkRec{uintptr(p), words, p})
	r.stats.Reserved += words * wordBytes
	r.stats.Chunks++
}

// indexOf finds a chunk by its exact base address.
func (r *recorder) indexOf(p unsafe.Pointer) *int {
	if p == nil {
		return nil
	}
	for i, c := range r.chunks {
		if c.base == uintptr(p) {
			return &i
		}
	}
	panic("pointer is not a chunk base")
}

func (r *recorder) realWords(chunk *int) uintptr {
	if chunk == nil {
		return 0
	}
	return r.chunks[*chunk].words
}

func nextPow2(n uintptr) uintptr { return uintptr(1) << bits.Len(uint(n)) }

var chunkTypes [41]reflect.Type

func chunkType(log int) reflect.Type {
	if chunkTypes[log] == nil {
		chunkTypes[log] = reflect.StructOf([]reflect.StructField{
			{Name: "Words", Type: reflect.ArrayOf(1<<log, reflect.TypeFor[uintptr]())},
			{Name: "Back", Type: reflect.TypeFor[unsafe.Pointer]()},
		})
	}
	return chunkTypes[log]
}

// ---- the design ----

type designArena struct {
	next      uintptr
	left, cap uintptr
	chunks    []unsafe.Pointer // by log2(words)
	rec       *recorder
}

func (a *designArena) allocChunk(words uintptr) (unsafe.Pointer, bool) {
	log := bits.TrailingZeros(uint(words))
	if log < len(a.chunks) && a.chunks[log] != nil {
		return a.chunks[log], true
	}
	chunk := reflect.New(chunkType(log)).UnsafePointer()
	*(*unsafe.Pointer)(unsafe.Add(chunk, words*wordBytes)) = unsafe.Pointer(a)
	for len(a.chunks) <= log {
		a.chunks = append(a.chunks, nil)
	}
	a.chunks[log] = chunk
	a.rec.obtained(chunk, words)
	return chunk, false
}

func (a *designArena) Alloc(size uintptr) uintptr {
	r := a.rec
	r.stats.Requested += size
	rounded := (size + wordBytes - 1) &^ (wordBytes - 1)
	r.stats.Wasted += rounded - size
	words := rounded / wordBytes
	if a.left < words {
		if a.next != 0 {
			r.stats.Wasted += a.left * wordBytes
		}
		a.cap = max(minWords, a.cap*2, nextPow2(words))
		p, reused := a.allocChunk(a.cap)
		a.next = uintptr(p)
		a.left = a.cap
		r.current, r.base = r.indexOf(p), uintptr(p)
		e := event{"op": "grow", "chunk": r.current, "words": a.cap}
		if reused {
			e["reused"] = true
		}
		r.emit(e)
	}
	p := a.next
	a.next += rounded
	a.left -= words
	return p
}

func (a *designArena) Reset() { a.next, a.left, a.cap = 0, 0, 0 }

// Realloc returns the block's new address and whether it stayed in place.
func (a *designArena) Realloc(ptr, oldSize, newSize uintptr) (uintptr, bool) {
	if newSize <= oldSize {
		return ptr, true
	}
	if a.next != 0 && a.next-oldSize == ptr {
		need := (newSize - oldSize) / wordBytes
		if a.left >= need {
			a.left -= need
			a.next += newSize - oldSize
			a.rec.stats.Requested += newSize - oldSize
			return ptr, true
		}
	}
	return a.Alloc(newSize), false
}

// ---- the listing as printed ----

type listingArena struct {
	next      unsafe.Pointer
	left, cap uintptr
	chunks    []unsafe.Pointer
	rec       *recorder
	reused    bool
}

func (a *listingArena) Alloc(size uintptr) unsafe.Pointer {
	r := a.rec
	r.stats.Requested += size
	mask := wordBytes - 1
	rounded := (size + mask) &^ mask
	r.stats.Wasted += rounded - size
	words := rounded / wordBytes
	if a.left < words {
		if a.next != nil {
			r.stats.Wasted += a.left * wordBytes
		}
		a.cap = max(minWords, a.cap*2, nextPow2(words))
		a.next = a.allocChunk(a.cap)
		a.left = a.cap
		a.chunks = append(a.chunks, a.next)
		r.current, r.base = r.indexOf(a.next), uintptr(a.next)
		e := event{"op": "grow", "chunk": r.current, "words": a.cap}
		if real := r.realWords(r.current); real != a.cap {
			e["realWords"] = real
		}
		if a.reused {
			e["reused"] = true
		}
		r.emit(e)
	}
	p := a.next
	a.next = unsafe.Add(a.next, rounded)
	a.left -= words
	return p
}

func (a *listingArena) Reset() { a.next, a.left, a.cap = nil, 0, 0 }

func (a *listingArena) allocChunk(words uintptr) unsafe.Pointer {
	log := bits.TrailingZeros(uint(words))
	a.reused = false
	if len(a.chunks) > log {
		a.reused = true
		return a.chunks[log]
	}
	chunk := reflect.New(chunkType(log)).UnsafePointer()
	a.rec.obtained(chunk, words)
	*(*unsafe.Pointer)(unsafe.Add(chunk, words*wordBytes)) = unsafe.Pointer(a)
	a.chunks = append(a.chunks, make([]unsafe.Pointer, log+1-len(a.chunks))...)
	a.chunks[log] = chunk
	return chunk
}

func (a *listingArena) Realloc(ptr unsafe.Pointer, oldSize, newSize uintptr) (unsafe.Pointer, bool) {
	if newSize <= oldSize {
		return ptr, true
	}
	if uintptr(a.next)-oldSize == uintptr(ptr) {
		need := (newSize - oldSize) / wordBytes
		if a.left >= need {
			a.left -= need
			a.rec.stats.Requested += newSize - oldSize
			return ptr, true
		}
	}
	return a.Alloc(newSize), false
}

// ---- running a script ----

type op struct {
	kind         string
	index, bytes uintptr
}

func parse(s string) []op {
	var ops []op
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' }) {
		parts := strings.Split(tok, ":")
		num := func(i int) uintptr {
			n, err := strconv.ParseUint(parts[i], 10, 64)
			if err != nil {
				panic(err)
			}
			return uintptr(n)
		}
		switch parts[0] {
		case "alloc":
			ops = append(ops, op{kind: "alloc", bytes: num(1)})
		case "reset":
			ops = append(ops, op{kind: "reset"})
		case "realloc":
			ops = append(ops, op{kind: "realloc", index: num(1), bytes: num(2)})
		default:
			panic("unknown op " + tok)
		}
	}
	return ops
}

type arena interface {
	alloc(size uintptr) uintptr
	reset()
	realloc(ptr, oldSize, newSize uintptr) (uintptr, bool)
	wordsLeft() uintptr
	listing() bool
}

func (a *designArena) alloc(size uintptr) uintptr { return a.Alloc(size) }
func (a *designArena) reset()                     { a.Reset() }
func (a *designArena) realloc(p, o, n uintptr) (uintptr, bool) {
	return a.Realloc(p, o, n)
}
func (a *designArena) wordsLeft() uintptr { return a.left }
func (a *designArena) listing() bool      { return false }

func (a *listingArena) alloc(size uintptr) uintptr { return uintptr(a.Alloc(size)) }
func (a *listingArena) reset()                     { a.Reset() }
func (a *listingArena) realloc(p, o, n uintptr) (uintptr, bool) {
	q, inPlace := a.Realloc(unsafe.Pointer(p), o, n)
	return uintptr(q), inPlace
}
func (a *listingArena) wordsLeft() uintptr { return a.left }
func (a *listingArena) listing() bool      { return true }

func run(a arena, r *recorder, ops []op) {
	var blocks []block
	generation := 0
	// Where a block lies: the current chunk and the distance from its base.
	at := func(p uintptr) (*int, uintptr) { return r.current, p - r.base }
	check := func(chunk *int, p, size uintptr, self int) {
		if !a.listing() {
			return
		}
		offset := p - r.base
		if real := r.realWords(chunk); offset+size > real*wordBytes {
			r.emit(event{"op": "overflow", "chunk": chunk, "offset": offset, "size": size, "words": real})
		}
		for i, b := range blocks {
			if i == self || b.generation != generation || b.size == 0 || !sameChunk(b.chunk, chunk) {
				continue
			}
			if p < b.ptr+b.size && b.ptr < p+size {
				r.emit(event{"op": "overlap", "chunk": chunk, "offset": offset, "size": size, "with": i})
				break
			}
		}
	}
	for _, o := range ops {
		switch o.kind {
		case "alloc":
			p := a.alloc(o.bytes)
			size := (o.bytes + wordBytes - 1) &^ (wordBytes - 1)
			chunk, offset := at(p)
			blocks = append(blocks, block{p, chunk, size, generation})
			r.emit(event{"op": "alloc", "size": size, "chunk": chunk, "offset": offset, "left": a.wordsLeft()})
			check(chunk, p, size, len(blocks)-1)
		case "reset":
			a.reset()
			generation++
			r.emit(event{"op": "reset"})
		case "realloc":
			b := &blocks[o.index]
			newSize := (o.bytes + wordBytes - 1) &^ (wordBytes - 1)
			oldChunk, oldOffset := b.chunk, b.ptr-chunkBase(r, b.chunk)
			p, inPlace := a.realloc(b.ptr, b.size, newSize)
			if inPlace {
				grew := newSize > b.size
				if grew {
					b.size = newSize
				}
				r.emit(event{"op": "realloc-in-place", "index": o.index, "size": b.size, "chunk": b.chunk, "offset": oldOffset, "left": a.wordsLeft()})
				if grew {
					check(b.chunk, b.ptr, b.size, int(o.index))
				}
			} else {
				r.stats.Wasted += b.size
				chunk, offset := at(p)
				r.emit(event{"op": "realloc-copy", "index": o.index, "size": newSize, "oldSize": b.size, "fromChunk": oldChunk, "fromOffset": oldOffset, "chunk": chunk, "offset": offset, "left": a.wordsLeft()})
				*b = block{p, chunk, newSize, generation}
				check(chunk, p, newSize, int(o.index))
			}
		}
	}
}

func sameChunk(a, b *int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func chunkBase(r *recorder, chunk *int) uintptr {
	if chunk == nil {
		return 0
	}
	return r.chunks[*chunk].base
}

type script struct {
	Name string `json:"name"`
	Ops  string `json:"ops"`
}

type result struct {
	Name   string  `json:"name"`
	Ops    string  `json:"ops"`
	Mode   string  `json:"mode"`
	Events []event `json:"events"`
	Chunks []int   `json:"chunkWords"`
	Stats  stats   `json:"stats"`
}

func main() {
	var in struct {
		Scripts []script `json:"scripts"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var out struct {
		Generator string   `json:"generator"`
		Results   []result `json:"results"`
	}
	out.Generator = "engine/arena/testdata/go/bump (scripts/golden-arena.mjs)"
	for _, s := range in.Scripts {
		for _, mode := range []string{"design", "listing"} {
			r := &recorder{}
			var a arena
			if mode == "design" {
				a = &designArena{rec: r}
			} else {
				a = &listingArena{rec: r}
			}
			run(a, r, parse(s.Ops))
			res := result{Name: s.Name, Ops: s.Ops, Mode: mode, Events: r.events, Stats: r.stats, Chunks: []int{}}
			for _, c := range r.chunks {
				res.Chunks = append(res.Chunks, int(c.words))
			}
			out.Results = append(out.Results, res)
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
}
