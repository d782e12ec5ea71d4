// cel-oracle evaluates CEL expressions (one per line on stdin) in Kubernetes' own CEL environment
// for 1.36 (k8s.io/apiserver v0.36.3 environment.MustBaseEnvSet, StoredExpressions: every
// library a ValidatingAdmissionPolicy may call) and prints one JSON result per line. It is how
// packages/runtime/test/fixtures/tenancy-cel-oracle.json gets its expected values; update.ts
// runs it. go.mod pins cel-go v0.26.0 and golang.org/x/text v0.33.0, the versions the
// kube-apiserver 1.36.3 binary is built with (`go version -m kube-apiserver`).
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
)

func main() {
	env, err := environment.MustBaseEnvSet(version.MajorMinor(1, 36)).Env(environment.StoredExpressions)
	if err != nil {
		panic(err)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		expr := in.Text()
		res := map[string]any{"expression": expr}
		ast, iss := env.Compile(expr)
		if iss.Err() != nil {
			res["compileError"] = iss.Err().Error()
		} else if prg, err := env.Program(ast); err != nil {
			res["compileError"] = err.Error()
		} else if val, _, err := prg.Eval(map[string]any{}); err != nil {
			res["error"] = err.Error()
		} else {
			res["result"] = encode(val)
		}
		if err := out.Encode(res); err != nil {
			panic(err)
		}
	}
}

// encode writes a CEL value as JSON the TypeScript side can compare with: strings and bools as
// themselves, numbers as tagged text (no float64 rounding of int64), lists as arrays, optionals
// as {"none": true} or {"some": value}, anything else by its type name.
func encode(v ref.Val) any {
	switch t := v.(type) {
	case types.String:
		return string(t)
	case types.Bool:
		return bool(t)
	case types.Int:
		return map[string]any{"int": strconv.FormatInt(int64(t), 10)}
	case types.Uint:
		return map[string]any{"uint": strconv.FormatUint(uint64(t), 10)}
	case types.Double:
		return map[string]any{"double": strconv.FormatFloat(float64(t), 'g', -1, 64)}
	case *types.Optional:
		if !t.HasValue() {
			return map[string]any{"none": true}
		}
		return map[string]any{"some": encode(t.GetValue())}
	case traits.Lister:
		list := []any{}
		for it := t.Iterator(); it.HasNext() == types.True; {
			list = append(list, encode(it.Next()))
		}
		return list
	default:
		return map[string]any{"type": v.Type().TypeName()}
	}
}
