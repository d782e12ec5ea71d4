// An equivalent controller-runtime operator for the Database example, so that
// `npm run bench:operator` can compare the generated TypeScript operator with what a Go team would
// write with kubebuilder's defaults. Configured by environment, like the generated operator:
// KUBECONFIG, POD_NAMESPACE (the lease's namespace), LEADER_ELECT, CONCURRENCY, METRICS_ADDR,
// HEALTH_ADDR, EVENTS (ready: record an Event when an object becomes Ready, as the generated
// operator does). The client's QPS limit is off (QPS -1) to compare request work, not throttling.
package main

import (
	"os"
	"strconv"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func main() {
	ctrl.SetLogger(zap.New())
	log := ctrl.Log.WithName("peer")

	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		panic(err)
	}
	if err := addKnownTypes(scheme); err != nil {
		panic(err)
	}
	concurrency, err := strconv.Atoi(env("CONCURRENCY", "4"))
	if err != nil || concurrency < 1 {
		log.Error(err, "CONCURRENCY must be a positive integer")
		os.Exit(1)
	}

	config := ctrl.GetConfigOrDie()
	config.QPS = -1 // no client-side rate limiter, as in the generated operator
	config.Burst = 0

	mgr, err := ctrl.NewManager(config, ctrl.Options{
		Scheme:                        scheme,
		Metrics:                       metricsserver.Options{BindAddress: env("METRICS_ADDR", "127.0.0.1:8080")},
		HealthProbeBindAddress:        env("HEALTH_ADDR", "127.0.0.1:8081"),
		LeaderElection:                env("LEADER_ELECT", "true") == "true",
		LeaderElectionID:              "database-operator-leader",
		LeaderElectionNamespace:       env("POD_NAMESPACE", "database-operator-system"),
		LeaderElectionReleaseOnCancel: true,
	})
	if err != nil {
		log.Error(err, "unable to create manager")
		os.Exit(1)
	}
	reconciler := &databaseReconciler{Client: mgr.GetClient(), instances: newInstanceProvider()}
	switch env("EVENTS", "none") {
	case "ready":
		reconciler.recorder = mgr.GetEventRecorder(operatorName)
	case "none":
	default:
		log.Error(nil, "EVENTS must be ready or none")
		os.Exit(1)
	}
	err = ctrl.NewControllerManagedBy(mgr).
		For(&Database{}).
		Named("database").
		WithOptions(controller.Options{MaxConcurrentReconciles: concurrency}).
		Complete(reconciler)
	if err != nil {
		log.Error(err, "unable to create controller")
		os.Exit(1)
	}
	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		panic(err)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		panic(err)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "manager stopped")
		os.Exit(1)
	}
}
