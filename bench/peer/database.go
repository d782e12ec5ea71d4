// The Database custom resource (db.example.com/v1alpha1) as Go types, hand-written with the deep
// copies controller-gen would generate: the peer must not need a code generator to build.
package main

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var groupVersion = schema.GroupVersion{Group: "db.example.com", Version: "v1alpha1"}

type Backup struct {
	Enabled       *bool  `json:"enabled,omitempty"`
	RetentionDays *int64 `json:"retentionDays,omitempty"`
}

type DatabaseSpec struct {
	Engine       string            `json:"engine,omitempty"`
	Version      string            `json:"version,omitempty"`
	Size         string            `json:"size,omitempty"`
	StorageGB    int64             `json:"storageGB,omitempty"`
	Backup       *Backup           `json:"backup,omitempty"`
	AllowedCIDRs []string          `json:"allowedCIDRs,omitempty"`
	Tags         map[string]string `json:"tags,omitempty"`
}

type DatabaseStatus struct {
	Phase              string             `json:"phase,omitempty"`
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Endpoint           string             `json:"endpoint,omitempty"`
	InstanceID         string             `json:"instanceId,omitempty"`
}

type Database struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DatabaseSpec   `json:"spec,omitempty"`
	Status            DatabaseStatus `json:"status,omitempty"`
}

type DatabaseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Database `json:"items"`
}

func (in *Backup) DeepCopy() *Backup {
	if in == nil {
		return nil
	}
	out := &Backup{}
	if in.Enabled != nil {
		v := *in.Enabled
		out.Enabled = &v
	}
	if in.RetentionDays != nil {
		v := *in.RetentionDays
		out.RetentionDays = &v
	}
	return out
}

func (in *DatabaseSpec) DeepCopyInto(out *DatabaseSpec) {
	*out = *in
	out.Backup = in.Backup.DeepCopy()
	if in.AllowedCIDRs != nil {
		out.AllowedCIDRs = append([]string(nil), in.AllowedCIDRs...)
	}
	if in.Tags != nil {
		out.Tags = make(map[string]string, len(in.Tags))
		for k, v := range in.Tags {
			out.Tags[k] = v
		}
	}
}

func (in *DatabaseStatus) DeepCopyInto(out *DatabaseStatus) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

func (in *DatabaseStatus) DeepCopy() *DatabaseStatus {
	out := &DatabaseStatus{}
	in.DeepCopyInto(out)
	return out
}

func (in *Database) DeepCopyInto(out *Database) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

func (in *Database) DeepCopy() *Database {
	out := &Database{}
	in.DeepCopyInto(out)
	return out
}

func (in *Database) DeepCopyObject() runtime.Object { return in.DeepCopy() }

func (in *DatabaseList) DeepCopyObject() runtime.Object {
	out := &DatabaseList{TypeMeta: in.TypeMeta}
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Database, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
	return out
}

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(groupVersion, &Database{}, &DatabaseList{})
	metav1.AddToGroupVersion(scheme, groupVersion)
	return nil
}
