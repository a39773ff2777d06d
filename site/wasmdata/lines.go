package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Go's runtime keeps, beside each function's name, two tables that map
// every instruction to its source file and line. In the page they are a
// sizeable part of the download, and only one function reads them:
// runtime.funcline1, which a stack trace calls to print "file.go:123". The
// tables the program needs to run — the stack-pointer deltas and the
// pcdata that tell the collector where the live pointers are — are
// separate, and stay.
//
// stripLineTables zeroes the file and line tables and sets each function's
// offsets to them to 0, which the runtime reads as "no table": a stack
// trace still names every function and prints "?:0" where the line was.
// Nothing moves (zeros compress to almost nothing), so every address in
// the binary stays valid. A panic in the page is reported with its stack of
// function names; the simulation is deterministic, so the same seed and
// steps reproduce it natively, with lines.
//
// The layout is that of runtime/symtab.go's pcHeader and _func (Go 1.20
// on); the function refuses a header or an offset that does not fit it.

// pclntabMagic starts the pcHeader, followed by two zero bytes, the
// instruction size quantum (1 on wasm) and the pointer size (8).
var pclntabMagic = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

const (
	headerSize   = 8 + 8*8 // magic, then nfunc, nfiles, textStart and five offsets
	funcSize     = 44      // _func without its pcdata and funcdata arrays
	offPcsp      = 16      // _func fields, as byte offsets
	offPcfile    = 20
	offPcln      = 24
	offNpcdata   = 28
	offCuOffset  = 32
	offStartLine = 36
)

func stripLineTables(segs []segment) error {
	seg, at, err := findPclntab(segs)
	if err != nil {
		return err
	}
	data := slices.Clone(segs[seg].data)
	segs[seg].data = data
	h := data[at:]
	hd, err := readPclnHeader(h)
	if err != nil {
		return err
	}
	funcs, keep, lines, err := readFuncs(h[hd.pclnOff:], hd.nfunc)
	if err != nil {
		return err
	}
	if err := clearLineTables(h[hd.pctabOff:hd.pclnOff], keep, lines); err != nil {
		return err
	}
	for _, f := range funcs {
		binary.LittleEndian.PutUint32(f[offPcfile:], 0)
		binary.LittleEndian.PutUint32(f[offPcln:], 0)
		// The compilation unit's file list and the first line: read only
		// with a file and a line (runtime.funcfile, Frame.StartLine).
		binary.LittleEndian.PutUint32(f[offCuOffset:], 0)
		binary.LittleEndian.PutUint32(f[offStartLine:], 0)
	}
	// The file names (filetab) and each compilation unit's list of them
	// (cutab): runtime.funcfile reads them for a pcfile table, and none
	// is left. The slices' lengths stay in the module data.
	clear(h[hd.cuOff:hd.pctabOff])
	return nil
}

// pclnHeader is what stripLineTables reads of a pcHeader: the number of
// functions, and the offsets (from the header) of the compilation units'
// file lists, the file names, the pc tables and the function table.
type pclnHeader struct {
	nfunc, cuOff, fileOff, pctabOff, pclnOff uint64
}

// readPclnHeader reads the header at the start of h, refusing offsets
// out of order or past h.
func readPclnHeader(h []byte) (pclnHeader, error) {
	if len(h) < headerSize {
		return pclnHeader{}, errors.New("pclntab header cut short")
	}
	u64 := func(i int) uint64 { return binary.LittleEndian.Uint64(h[8+8*i:]) }
	hd := pclnHeader{nfunc: u64(0), cuOff: u64(4), fileOff: u64(5), pctabOff: u64(6), pclnOff: u64(7)}
	if hd.cuOff > hd.fileOff || hd.fileOff > hd.pctabOff || hd.pctabOff > hd.pclnOff || hd.pclnOff > uint64(len(h)) || hd.nfunc > uint64(len(h))/8 {
		return pclnHeader{}, errors.New("pclntab header offsets out of range")
	}
	return hd, nil
}

// readFuncs reads the function table's nfunc _func records: each record
// (a slice of functab from it on), the offsets of the pc tables the
// runtime runs on (keep: stack-pointer deltas and pcdata) and of those
// only a stack trace reads (lines: files and lines).
func readFuncs(functab []byte, nfunc uint64) (funcs [][]byte, keep, lines map[uint32]bool, err error) {
	if uint64(len(functab)) < (2*nfunc+2)*4 {
		return nil, nil, nil, errors.New("functab cut short")
	}
	u32 := func(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i:]) }
	keep, lines = map[uint32]bool{}, map[uint32]bool{}
	funcs = make([][]byte, nfunc)
	for k := range funcs {
		off := u32(functab, (2*k+1)*4)
		if uint64(off)+funcSize > uint64(len(functab)) {
			return nil, nil, nil, fmt.Errorf("function %d: _func out of range", k)
		}
		f := functab[off:]
		npcdata := u32(f, offNpcdata)
		if uint64(funcSize)+4*uint64(npcdata) > uint64(len(f)) {
			return nil, nil, nil, fmt.Errorf("function %d: pcdata out of range", k)
		}
		funcs[k] = f
		keep[u32(f, offPcsp)] = true
		for i := range int(npcdata) {
			keep[u32(f, funcSize+4*i)] = true
		}
		lines[u32(f, offPcfile)] = true
		lines[u32(f, offPcln)] = true
	}
	return funcs, keep, lines, nil
}

// clearLineTables zeroes the tables of pctab that lines names and keep
// does not. Each table runs from its offset to the next table's: the
// linker writes them back to back, one copy of each distinct table.
// Offset 0 is "no table", never cleared.
func clearLineTables(pctab []byte, keep, lines map[uint32]bool) error {
	starts := make([]uint32, 0, len(keep)+len(lines))
	for o := range keep {
		starts = append(starts, o)
	}
	for o := range lines {
		if !keep[o] {
			starts = append(starts, o)
		}
	}
	slices.Sort(starts)
	for i, o := range starts {
		end := uint32(len(pctab))
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		if o > end {
			return fmt.Errorf("pc table at %d past the end of pctab", o)
		}
		if o != 0 && !keep[o] {
			clear(pctab[o:end])
		}
	}
	return nil
}

// findPclntab finds the one pcHeader among the segments.
func findPclntab(segs []segment) (seg, at int, err error) {
	seg, at = -1, -1
	for i, s := range segs {
		for j := 0; ; {
			k := bytes.Index(s.data[j:], pclntabMagic)
			if k < 0 {
				break
			}
			if seg >= 0 {
				return 0, 0, errors.New("more than one pclntab header")
			}
			seg, at = i, j+k
			j += k + 1
		}
	}
	if seg < 0 {
		return 0, 0, errors.New("no pclntab header (not a Go binary for wasm, or a layout this tool does not know)")
	}
	return seg, at, nil
}
