package render

import (
	"reflect"
	"strings"
	"sync"
)

// Filled returns v with every nil slice and map that encoding/json would
// write as null — a field without omitempty, an element — made empty, so
// that a list in the JSON of the API and of --json is always an array and
// a client reads results[0] without a null check. v itself is not changed
// (it may be shared, a cached answer say): what needs a change is copied.
func Filled(v any) any {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	if empty, ok := emptied(rv); ok {
		return empty.Interface()
	}
	out, changed := fill(rv)
	if !changed {
		return v
	}
	return out.Interface()
}

// fill returns v, or a copy of it with its nil lists made empty, and
// whether it copied.
func fill(v reflect.Value) (reflect.Value, bool) {
	if !needs(v.Type()) {
		return v, false
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v, false
		}
		e, changed := fill(v.Elem())
		if !changed {
			return v, false
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(e)
		return p, true
	case reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		e, changed := fill(v.Elem())
		if !changed {
			return v, false
		}
		n := reflect.New(v.Type()).Elem()
		n.Set(e)
		return n, true
	case reflect.Struct:
		var cp reflect.Value
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" && opts == "" {
				continue
			}
			omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
			nv, changed := v.Field(i), false
			if empty, ok := emptied(nv); ok && !omit {
				nv, changed = empty, true
			} else {
				nv, changed = fill(nv)
			}
			if changed {
				if !cp.IsValid() {
					cp = reflect.New(t).Elem()
					cp.Set(v)
				}
				cp.Field(i).Set(nv)
			}
		}
		if cp.IsValid() {
			return cp, true
		}
		return v, false
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || v.Type().Elem().Kind() == reflect.Uint8) {
			return v, false
		}
		var cp reflect.Value
		for i := range v.Len() {
			nv, changed := v.Index(i), false
			if empty, ok := emptied(nv); ok {
				nv, changed = empty, true
			} else {
				nv, changed = fill(nv)
			}
			if changed {
				if !cp.IsValid() {
					if v.Kind() == reflect.Slice {
						cp = reflect.MakeSlice(v.Type(), v.Len(), v.Len())
					} else {
						cp = reflect.New(v.Type()).Elem()
					}
					reflect.Copy(cp, v)
				}
				cp.Index(i).Set(nv)
			}
		}
		if cp.IsValid() {
			return cp, true
		}
		return v, false
	case reflect.Map:
		if v.IsNil() {
			return v, false
		}
		var cp reflect.Value
		for it := v.MapRange(); it.Next(); {
			nv, changed := it.Value(), false
			if empty, ok := emptied(nv); ok {
				nv, changed = empty, true
			} else {
				nv, changed = fill(nv)
			}
			if changed {
				if !cp.IsValid() {
					cp = reflect.MakeMapWithSize(v.Type(), v.Len())
					for c := v.MapRange(); c.Next(); {
						cp.SetMapIndex(c.Key(), c.Value())
					}
				}
				cp.SetMapIndex(it.Key(), nv)
			}
		}
		if cp.IsValid() {
			return cp, true
		}
	}
	return v, false
}

// emptied is an empty list or map in place of a nil one (not bytes, which
// encoding/json writes as base64, nor raw JSON).
func emptied(v reflect.Value) (reflect.Value, bool) {
	switch {
	case v.Kind() == reflect.Slice && v.IsNil() && v.Type().Elem().Kind() != reflect.Uint8:
		return reflect.MakeSlice(v.Type(), 0, 0), true
	case v.Kind() == reflect.Map && v.IsNil():
		return reflect.MakeMap(v.Type()), true
	}
	return v, false
}

// plans caches, per type, whether a value of it can hold a list to fill:
// most of a response (strings, numbers, times, structs of them) cannot,
// and is not walked at all.
var plans sync.Map // reflect.Type → bool

// needs reports whether a value of type t can hold a nil list or map that
// encoding/json would write as null.
func needs(t reflect.Type) bool {
	if v, ok := plans.Load(t); ok {
		return v.(bool)
	}
	plans.Store(t, true) // a recursive type is walked while it is planned
	n := plan(t)
	plans.Store(t, n)
	return n
}

func plan(t reflect.Type) bool {
	list := func(t reflect.Type) bool {
		return t.Kind() == reflect.Map || t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8
	}
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer:
		return needs(t.Elem())
	case reflect.Slice, reflect.Array:
		return list(t.Elem()) || needs(t.Elem())
	case reflect.Map:
		return list(t.Elem()) || needs(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" && opts == "" {
				continue
			}
			omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
			if list(f.Type) && !omit || needs(f.Type) {
				return true
			}
		}
	}
	return false
}
