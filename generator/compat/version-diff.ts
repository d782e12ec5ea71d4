// The CRD's list of versions, old against new (issue 19). A version is where objects live: the
// storage version holds every object written so far, and status.storedVersions holds every
// version any object may still be encoded in, which the API server will not let a CRD drop. So
// removing the storage version breaks, removing a served one breaks its clients, removing one
// that was no longer served is only safe once storedVersions says so, and moving the storage
// version needs the migration runbook. A version added beside the others is safe: the operator's
// webhook converts, and each old version keeps its own schema (compared by crd-diff).

import type { ApiSnapshot } from "./api-snapshot.ts";
import type { Change } from "./change.ts";

export function diffVersions(old: ApiSnapshot, next: ApiSnapshot): Change[] {
  const out: Change[] = [];
  const a = old.crd.spec;
  const b = next.crd.spec;
  const crd = `${b.names.plural}.${b.group}`;
  const storedVersions = `kubectl get crd ${crd} -o jsonpath='{.status.storedVersions}'`;
  const oldStorage = a.versions.find((v) => v.storage)?.name;
  const newStorage = b.versions.find((v) => v.storage)?.name;
  const now = b.versions.map((v) => v.name).join(", ");
  for (const [index, version] of a.versions.entries()) {
    const same = b.versions.find((v) => v.name === version.name);
    const name = version.name;
    if (!same && version.storage)
      out.push({
        code: "COMPAT036",
        version: null,
        side: "old",
        specPath: ["api", "versions", index, "name"],
        message: `version ${name} removed while it is the storage version: every object written so far is stored in ${name}, and the API server refuses to drop a version that status.storedVersions lists (no migration to ${newStorage} can have run yet)`,
        hint: `Keep ${name} in api.versions (the edit below) and let the operator migrate every object to ${newStorage} first; remove it only once ${storedVersions} lists ${newStorage} alone.`,
      });
    else if (!same && !version.served)
      out.push({
        code: "COMPAT019",
        version: null,
        side: "old",
        specPath: ["api", "versions", index, "name"],
        message: `version ${name} removed (it was no longer served): no client uses it, but if any object is still stored in ${name} the API server refuses the new CRD while status.storedVersions lists it`,
        hint: `Check every cluster first: ${storedVersions} must not list ${name}; if it does, keep ${name} with served: false until the operator's storage migration has run.`,
      });
    else if (version.served && (!same || !same.served))
      out.push({
        code: "COMPAT030",
        version: null,
        side: same ? "new" : "old",
        specPath: same
          ? ["api", "versions", b.versions.indexOf(same)]
          : ["api", "versions", index, "name"],
        message: `version ${name} ${same ? "is no longer served" : `removed (now ${now})`}: clients and manifests that use ${a.group}/${name} are refused, and the API server refuses to drop a version still listed in the CRD's status.storedVersions`,
        hint: `Keep serving ${name} beside the new version (the edit below) and convert between them; stop serving it once no client uses it, and remove it only when ${storedVersions} no longer lists it (the operator migrates stored objects); or pass --allow-breaking if no cluster stores these objects yet.`,
      });
  }
  if (oldStorage && newStorage && oldStorage !== newStorage)
    out.push({
      code: "COMPAT018",
      version: newStorage,
      side: "new",
      specPath: ["api", "versions", b.versions.findIndex((v) => v.storage), "storage"],
      message: `the storage version moved from ${oldStorage} to ${newStorage}: objects already stored stay encoded in ${oldStorage} until they are written again, and status.storedVersions keeps ${oldStorage} until then`,
      hint: `The runbook: deploy; the operator's storage migrator re-writes every object in ${newStorage} while it leads (progress: the metric operator_storage_migration_objects_remaining) and then sets status.storedVersions to [${newStorage}]; check with ${storedVersions}. Until it lists ${newStorage} alone keep ${oldStorage} in api.versions; then mark it deprecated: true, set served: false once no client uses it, and only then remove ${oldStorage} from api.versions.`,
    });
  // Only beside a version that stays: a version that replaces the only one is reported above.
  const kept = b.versions.some((v) => a.versions.some((w) => w.name === v.name && w.served));
  const webhook = b.conversion?.strategy === "Webhook";
  for (const [index, version] of b.versions.entries()) {
    if (!kept || !version.served || a.versions.some((v) => v.name === version.name && v.served))
      continue;
    const others = b.versions.filter((v) => v !== version && v.served).map((v) => v.name);
    out.push({
      code: "COMPAT006",
      version: version.name,
      side: "new",
      specPath: ["api", "versions", index],
      message: webhook
        ? `version ${version.name} added: served beside ${others.join(", ")}; the API server converts between them through the operator's conversion webhook, and each older version keeps its schema`
        : `version ${version.name} added: served beside ${others.join(", ")}; its objects have the same fields, so the API server converts them by apiVersion alone (conversion None)`,
      hint: "Nothing to do: generate writes the converters and test/integration/conversion.test.ts reads every object in every version on a real API server.",
    });
  }
  return out;
}
