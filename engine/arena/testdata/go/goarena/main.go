// Command goarena is the oracle for engine/arena/goarena.ts. For every script of
// goarena-scripts.json it writes a Go program that does what the script says with the real
// `arena` package, builds it twice with GOEXPERIMENT=arenas (plain and -asan), runs both with
// ASAN_OPTIONS=halt_on_error=0 so every report is printed, and records, per operation, the
// AddressSanitizer reports (error, READ/WRITE, size) and whether the plain build got past it.
//
// Usage: go run ./goarena -scripts ../goarena-scripts.json > ../goarena.golden.json
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

type report struct {
	Error  string `json:"error"`
	Access string `json:"access"`
	Size   int    `json:"size"`
}

type opResult struct {
	Line         string   `json:"line"`
	Asan         []report `json:"asan"`
	PlainReached bool     `json:"plainReached"`
}

type result struct {
	Name      string     `json:"name"`
	Script    string     `json:"script"`
	Ops       []opResult `json:"ops"`
	PlainExit int        `json:"plainExit"`
}

// program translates a script into Go source; each operation is preceded by a marker on stderr.
func program(script string) (string, []string) {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"arena\"\n\t\"fmt\"\n\t\"os\"\n)\n\nvar sink any\n\n")
	b.WriteString("func mark(i int) { fmt.Fprintf(os.Stderr, \"@@op %d\\n\", i) }\n\n")
	b.WriteString("func main() {\n\ta := arena.NewArena()\n")
	types := map[string]string{}
	var lines []string
	value := func(name string) string {
		switch types[name] {
		case "bool":
			return "true"
		case "float32", "float64":
			return "1.5"
		}
		return "7"
	}
	access := regexp.MustCompile(`^(\w+)(\[(\d+)\])?$`)
	for _, raw := range strings.Split(script, "\n") {
		line := strings.TrimSpace(strings.SplitN(raw, "#", 2)[0])
		if line == "" {
			continue
		}
		i := len(lines)
		lines = append(lines, line)
		fmt.Fprintf(&b, "\tmark(%d)\n", i)
		w := strings.Fields(line)
		switch w[0] {
		case "new":
			types[w[1]] = w[2]
			fmt.Fprintf(&b, "\t%s := arena.New[%s](a)\n\tsink = %s\n", w[1], w[2], w[1])
		case "makeslice":
			types[w[1]] = w[2]
			fmt.Fprintf(&b, "\t%s := arena.MakeSlice[%s](a, %s, %s)\n\tsink = %s\n", w[1], w[2], w[3], w[4], w[1])
		case "append":
			n, _ := strconv.Atoi(w[2])
			vals := make([]string, n)
			for k := range vals {
				vals[k] = value(w[1])
			}
			fmt.Fprintf(&b, "\t%s = append(%s, %s)\n", w[1], w[1], strings.Join(vals, ", "))
		case "clone":
			types[w[1]] = types[w[2]]
			fmt.Fprintf(&b, "\t%s := arena.Clone(%s)\n\tsink = %s\n", w[1], w[2], w[1])
		case "free":
			b.WriteString("\ta.Free()\n")
		case "read", "write":
			m := access.FindStringSubmatch(w[1])
			target := "*" + m[1]
			if m[2] != "" {
				target = m[1] + m[2]
			}
			if w[0] == "read" {
				fmt.Fprintf(&b, "\tsink = %s\n", target)
			} else {
				fmt.Fprintf(&b, "\t%s = %s\n", target, value(m[1]))
			}
		default:
			panic("unknown op: " + line)
		}
	}
	fmt.Fprintf(&b, "\tmark(%d)\n}\n", len(lines))
	return b.String(), lines
}

var (
	marker    = regexp.MustCompile(`^@@op (\d+)$`)
	errorLine = regexp.MustCompile(`ERROR: AddressSanitizer: ([\w-]+) on address`)
	accessRe  = regexp.MustCompile(`^(READ|WRITE) of size (\d+) at`)
)

// run runs a binary and returns the reports printed after each marker, and the last marker seen.
func run(bin string, n int) ([][]report, int, int) {
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "ASAN_OPTIONS=halt_on_error=0:detect_leaks=0")
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	reports := make([][]report, n)
	current, last := -1, -1
	var pending string
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		t := sc.Text()
		if m := marker.FindStringSubmatch(t); m != nil {
			current, _ = strconv.Atoi(m[1])
			last = current
			continue
		}
		if m := errorLine.FindStringSubmatch(t); m != nil {
			pending = m[1]
			continue
		}
		if m := accessRe.FindStringSubmatch(t); m != nil && pending != "" {
			size, _ := strconv.Atoi(m[2])
			if current >= 0 && current < n {
				reports[current] = append(reports[current], report{pending, m[1], size})
			}
			pending = ""
		}
	}
	exit := 0
	if err := cmd.Wait(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			exit = ee.ExitCode()
		} else {
			panic(err)
		}
	}
	return reports, last, exit
}

func build(dir string, asan bool) string {
	out := filepath.Join(dir, "plain")
	args := []string{"build", "-o", out}
	if asan {
		out = filepath.Join(dir, "asan")
		args = []string{"build", "-asan", "-o", out}
	}
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=arenas")
	if msg, err := cmd.CombinedOutput(); err != nil {
		panic(fmt.Sprintf("go build: %v\n%s", err, msg))
	}
	return out
}

func main() {
	scriptsPath := flag.String("scripts", "", "goarena-scripts.json")
	flag.Parse()
	data, err := os.ReadFile(*scriptsPath)
	if err != nil {
		panic(err)
	}
	var in struct {
		Scripts []struct{ Name, Script string } `json:"scripts"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		panic(err)
	}
	out := struct {
		Generator string   `json:"generator"`
		Results   []result `json:"results"`
	}{Generator: "engine/arena/testdata/go/goarena (scripts/golden-arena.mjs): GOEXPERIMENT=arenas go build [-asan], ASAN_OPTIONS=halt_on_error=0"}
	for _, s := range in.Scripts {
		dir, err := os.MkdirTemp("", "goarena-")
		if err != nil {
			panic(err)
		}
		src, lines := program(s.Script)
		must(os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644))
		must(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module goarenascript\n\ngo 1.26\n"), 0o644))
		asanReports, _, _ := run(build(dir, true), len(lines))
		_, plainLast, plainExit := run(build(dir, false), len(lines))
		r := result{Name: s.Name, Script: s.Script, PlainExit: plainExit}
		for i, l := range lines {
			reps := asanReports[i]
			if reps == nil {
				reps = []report{}
			}
			r.Ops = append(r.Ops, opResult{Line: l, Asan: reps, PlainReached: plainLast > i})
		}
		out.Results = append(out.Results, r)
		os.RemoveAll(dir)
		fmt.Fprintf(os.Stderr, "goarena: %s done\n", s.Name)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	must(enc.Encode(out))
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
