// The in-memory external resource (the generated project's InMemoryInstanceProvider, in Go):
// keyed on the owner's UID, looked up before it is created, updated when the desired settings
// differ, deleted idempotently.
package main

import (
	"fmt"
	"reflect"
	"sync"

	"k8s.io/apimachinery/pkg/types"
)

type instanceDesired struct {
	Engine        string
	Version       string
	Size          string
	StorageGB     int64
	BackupEnabled *bool
	RetentionDays *int64
	AllowedCIDRs  []string
	Tags          map[string]string
}

type instanceObserved struct {
	ProviderID string
	Endpoint   string
	InstanceID string
}

type storedInstance struct {
	id      string
	applied instanceDesired
}

type instanceProvider struct {
	mu        sync.Mutex
	resources map[types.UID]*storedInstance
	nextID    int
}

func newInstanceProvider() *instanceProvider {
	return &instanceProvider{resources: map[types.UID]*storedInstance{}, nextID: 1}
}

func desiredInstance(db *Database) instanceDesired {
	d := instanceDesired{
		Engine:       db.Spec.Engine,
		Version:      db.Spec.Version,
		Size:         db.Spec.Size,
		StorageGB:    db.Spec.StorageGB,
		AllowedCIDRs: db.Spec.AllowedCIDRs,
		Tags:         db.Spec.Tags,
	}
	if db.Spec.Backup != nil {
		d.BackupEnabled = db.Spec.Backup.Enabled
		d.RetentionDays = db.Spec.Backup.RetentionDays
	}
	return d
}

func (p *instanceProvider) ensure(uid types.UID, desired instanceDesired) instanceObserved {
	p.mu.Lock()
	defer p.mu.Unlock()
	r, ok := p.resources[uid]
	if !ok {
		r = &storedInstance{id: fmt.Sprintf("mem-instance-%d", p.nextID), applied: desired}
		p.nextID++
		p.resources[uid] = r
	} else if !reflect.DeepEqual(r.applied, desired) {
		r.applied = desired
	}
	return instanceObserved{ProviderID: r.id, Endpoint: r.id + "-endpoint", InstanceID: r.id + "-instanceId"}
}

func (p *instanceProvider) delete(uid types.UID) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.resources, uid)
}
