// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The real HostedZoneProvider: A hosted zone at the DNS provider.
// Read the contract in hosted-zone-provider.ts first: the resource is found by its name
// (spec.domain), and its holder is recorded on it. Until a method is implemented it
// throws, so an unfinished provider fails loudly instead of pretending to work.

import type { ExternalOwner } from "@create-operator/runtime";
import type {
  HostedZoneDesired,
  HostedZoneObserved,
  HostedZoneProvider,
} from "./hosted-zone-provider.ts";

export class CloudHostedZoneProvider implements HostedZoneProvider {
  // `signal` aborts at the reconcile's deadline: pass it to every call your SDK makes.
  async find(key: string, signal?: AbortSignal): Promise<HostedZoneObserved | undefined> {
    signal?.throwIfAborted();
    // TODO(user): look the resource named `key` up and map it to HostedZoneObserved: `owner` from
    // its tags (e.g. "dns.example.org/owner-uid", "…/owner-name", "…/owner-namespace"; absent when it
    // has none), `drifted` from comparing the live settings with the last applied ones.
    throw new Error(
      `CloudHostedZoneProvider.find is not implemented: look up the resource named ${key}`,
    );
  }

  async ensure(
    key: string,
    owner: ExternalOwner,
    desired: HostedZoneDesired,
    signal?: AbortSignal,
  ): Promise<HostedZoneObserved> {
    signal?.throwIfAborted();
    // TODO(user): find(key) first. None: create it tagged with `owner` (a create that races
    // another must fail rather than share the name, then return what find() sees). Tagged with
    // owner.uid: update it when it differs. Anything else: return it unchanged.
    throw new Error(
      `CloudHostedZoneProvider.ensure is not implemented: create or update the resource named ${key} for ${owner.kind} ${owner.name} to match ${JSON.stringify(desired)}`,
    );
  }

  async adopt(
    key: string,
    owner: ExternalOwner,
    signal?: AbortSignal,
  ): Promise<HostedZoneObserved> {
    signal?.throwIfAborted();
    // TODO(user): replace the owner tags of the resource named `key` with `owner`'s; change
    // nothing else (the next ensure() applies the spec).
    throw new Error(
      `CloudHostedZoneProvider.adopt is not implemented: tag the resource named ${key} as held by ${owner.kind} ${owner.name}`,
    );
  }

  async delete(key: string, signal?: AbortSignal): Promise<"deleted" | "gone"> {
    signal?.throwIfAborted();
    // TODO(user): delete the resource named `key`; return "gone" when none exists, so a repeated
    // delete after a crash succeeds.
    throw new Error(
      `CloudHostedZoneProvider.delete is not implemented: delete the resource named ${key}`,
    );
  }
}
