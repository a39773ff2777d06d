package kubectl

import (
	"os"
	"testing"
)

// TestMain fills kubectl's tables first: the tests here call the package's
// own functions, which may read them without a command having run.
func TestMain(m *testing.M) {
	register()
	os.Exit(m.Run())
}
