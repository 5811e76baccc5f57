//go:build !unix

package walk

import (
	"bytes"
	"io"
	"os"
)

// readRegular reads the regular file at abs, size bytes when it was
// stat'ed, and stops past limit+1 bytes (limit < 0: no limit).
func readRegular(abs string, size, limit int64) ([]byte, error) {
	fh, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var r io.Reader = fh
	if limit >= 0 {
		r = io.LimitReader(fh, limit+1)
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
