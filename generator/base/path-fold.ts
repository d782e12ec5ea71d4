// How a path is compared when the question is "could this name the same file?". On macOS
// (HFS+/APFS) and Windows (NTFS) names are case-insensitive, HFS+ ignores some zero-width
// characters, and Windows drops trailing dots and spaces: `.GIT/config`, `.g\u200cit/config` and
// `.git./config` all open `.git/config` there. Git refuses these spellings for the same reason
// (CVE-2014-9390); a generator that writes a preset's paths must fold them the same way.

/** Characters HFS+ ignores in names (git's is_hfs_dotgit list). */
const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** One segment as a case-insensitive, normalizing file system sees it. */
export function foldSegment(segment: string): string {
  return segment
    .normalize("NFC")
    .replace(HFS_IGNORABLE, "")
    .toLowerCase()
    .replace(/[. ]+$/, "");
}

/** A project-relative POSIX path, folded segment by segment. */
export function foldPath(path: string): string {
  return path.split("/").map(foldSegment).join("/");
}
