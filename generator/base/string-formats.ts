// Loose local checks of the string formats the API server validates, shared by check (can a
// value satisfy pattern and format at once?) and render (is a sample or contract value valid?).

/** Loose checks of the formats the API server validates. */
export const FORMAT_CHECKS: Record<string, RegExp> = {
  hostname:
    /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?(\.[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*$/i,
  cidr: /^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}$|^[0-9a-f:]+\/\d{1,3}$/i,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
  ipv6: /^[0-9a-f:]+$/i,
  email: /^[^@\s]+@[^@\s]+$/,
  uri: /^[a-z][a-z0-9+.-]*:/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  mac: /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i,
  byte: /^[A-Za-z0-9+/]*={0,2}$/,
};
