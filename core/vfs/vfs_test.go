package vfs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteReadListRemove(t *testing.T) {
	f := New()
	require.NoError(t, f.WriteFile("/usr/share/nginx/html/index.html", []byte("hello\n")))
	b, err := f.ReadFile("usr/share/nginx/html/../html/index.html")
	require.NoError(t, err)
	assert.Equal(t, "hello\n", string(b))
	require.NoError(t, f.AppendFile("/usr/share/nginx/html/index.html", []byte("again\n")))
	b, _ = f.ReadFile("/usr/share/nginx/html/index.html")
	assert.Equal(t, "hello\nagain\n", string(b))
	names, err := f.List("/usr/share/nginx")
	require.NoError(t, err)
	assert.Equal(t, []string{"html/"}, names)
	assert.True(t, f.IsDir("/usr"))
	_, err = f.ReadFile("/missing")
	assert.EqualError(t, err, "open /missing: No such file or directory")
	_, err = f.ReadFile("/usr")
	assert.Error(t, err)
	require.NoError(t, f.Remove("/usr/share"))
	assert.False(t, f.Exists("/usr/share/nginx/html/index.html"))
	assert.True(t, f.Exists("/usr"))
	assert.Equal(t, 0, f.Size())
}

func TestReadReturnsACopy(t *testing.T) {
	f := New()
	require.NoError(t, f.WriteFile("/a", []byte("x")))
	b, _ := f.ReadFile("/a")
	b[0] = 'y'
	again, _ := f.ReadFile("/a")
	assert.Equal(t, "x", string(again))
}
