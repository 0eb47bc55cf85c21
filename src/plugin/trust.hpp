// Whether a plugin file, or a directory plugins are read from, may be trusted as
// code run by this user, as OpenSSH (safe_path) and sudo check it: the path is
// resolved first (symlinks, `..`), then the file and every directory up to `/` must
// be owned by root or the effective user and not writable by group or others. A
// world- or group-writable directory is accepted only with the sticky bit (/tmp):
// there nobody but its entry's owner, who is trusted by the same walk, can rename or
// replace the entry. Anything else would let another user swap the code root runs.
#pragma once

#include <string>

namespace preflight::plugin {

enum class TrustedKind { file, directory };

// Why `path` may not be trusted; empty when it may. `resolved` (may be null) gets
// the path that was checked, which is the one to open.
std::string untrusted_reason(const std::string& path, TrustedKind kind, std::string* resolved = nullptr);

}  // namespace preflight::plugin
