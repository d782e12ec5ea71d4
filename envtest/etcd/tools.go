//go:build tools

// Package tools pins go.etcd.io/etcd/server/v3 (its module root is package main: the etcd binary)
// so `go mod tidy` keeps its requirements.
package tools

import _ "go.etcd.io/etcd/server/v3"
