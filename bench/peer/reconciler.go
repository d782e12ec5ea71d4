// The Database reconciler, doing per object exactly the work the generated TypeScript
// reconciler does (src/reconciler/database-reconciler.ts of a generated Database project):
// finalizer first (merge patch with the resourceVersion), a Reconciling status while the spec's
// generation is not yet observed, the external resource ensured by UID, the connection Secret
// server-side applied, then the final status: compare before write, no change, no write. With
// EVENTS=ready it also records the one Event the generated operator records for a new object, an
// events.k8s.io/v1 Event when Ready becomes True (client-go's tools/events recorder, as
// controller-runtime's GetEventRecorder gives it), so that both do the same requests per object.
package main

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"k8s.io/client-go/tools/events"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const (
	finalizer    = "db.example.com/finalizer"
	fieldManager = "database-operator"
	operatorName = "database-operator"
)

type databaseReconciler struct {
	client.Client
	instances *instanceProvider
	// nil unless EVENTS=ready.
	recorder events.EventRecorder
}

func (r *databaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var db Database
	if err := r.Get(ctx, req.NamespacedName, &db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finalize(ctx, &db)
	}
	if !controllerutil.ContainsFinalizer(&db, finalizer) {
		patch := client.MergeFromWithOptions(db.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(&db, finalizer)
		if err := r.Patch(ctx, &db, patch, client.FieldOwner(fieldManager)); err != nil {
			return ctrl.Result{}, err
		}
	}
	if db.Status.Phase == "Failed" {
		return ctrl.Result{}, nil
	}
	generation := db.Generation
	if db.Status.ObservedGeneration != generation {
		status := db.Status.DeepCopy()
		status.Phase = "Provisioning"
		meta.SetStatusCondition(&status.Conditions, metav1.Condition{
			Type: "Ready", Status: metav1.ConditionFalse, Reason: "Reconciling",
			Message: fmt.Sprintf("reconciling generation %d", generation), ObservedGeneration: generation,
		})
		if err := r.writeStatus(ctx, &db, status); err != nil {
			return ctrl.Result{}, err
		}
	}

	status := db.Status.DeepCopy()
	observed := r.instances.ensure(db.UID, desiredInstance(&db))
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type: "InstanceReady", Status: metav1.ConditionTrue, Reason: "Available",
		Message: observed.ProviderID + " matches the spec", ObservedGeneration: generation,
	})
	status.Endpoint = observed.Endpoint
	status.InstanceID = observed.InstanceID
	if err := r.applySecret(ctx, &db, status); err != nil {
		return ctrl.Result{}, err
	}
	status.Phase = "Available"
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("generation %d is in place", generation), ObservedGeneration: generation,
	})
	status.ObservedGeneration = generation
	return ctrl.Result{}, r.writeStatus(ctx, &db, status)
}

// writeStatus PUTs the status subresource only when it differs from what was read.
func (r *databaseReconciler) writeStatus(ctx context.Context, db *Database, status *DatabaseStatus) error {
	if equality.Semantic.DeepEqual(&db.Status, status) {
		return nil
	}
	wasReady := meta.IsStatusConditionTrue(db.Status.Conditions, "Ready")
	db.Status = *status
	if err := r.Status().Update(ctx, db, client.FieldOwner(fieldManager)); err != nil {
		return err
	}
	ready := meta.FindStatusCondition(status.Conditions, "Ready")
	if r.recorder != nil && !wasReady && ready != nil && ready.Status == metav1.ConditionTrue {
		r.recorder.Eventf(db, nil, corev1.EventTypeNormal, ready.Reason, "Reconcile", "Ready=True: %s", ready.Message)
	}
	return nil
}

func (r *databaseReconciler) applySecret(ctx context.Context, db *Database, status *DatabaseStatus) error {
	owner := metav1ac.OwnerReference().
		WithAPIVersion(groupVersion.String()).WithKind("Database").
		WithName(db.Name).WithUID(db.UID).
		WithController(true).WithBlockOwnerDeletion(true)
	secret := corev1ac.Secret(db.Name+"-connection", db.Namespace).
		WithLabels(map[string]string{
			"app.kubernetes.io/name":       "database",
			"app.kubernetes.io/instance":   db.Name,
			"app.kubernetes.io/managed-by": operatorName,
		}).
		WithOwnerReferences(owner).
		WithType(corev1.SecretTypeOpaque).
		WithStringData(map[string]string{"endpoint": status.Endpoint, "instanceId": status.InstanceID})
	return r.Apply(ctx, secret, client.FieldOwner(fieldManager), client.ForceOwnership)
}

func (r *databaseReconciler) finalize(ctx context.Context, db *Database) error {
	if !controllerutil.ContainsFinalizer(db, finalizer) {
		return nil
	}
	r.instances.delete(db.UID)
	patch := client.MergeFromWithOptions(db.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(db, finalizer)
	return client.IgnoreNotFound(r.Patch(ctx, db, patch, client.FieldOwner(fieldManager)))
}
