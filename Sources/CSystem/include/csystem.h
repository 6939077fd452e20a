#pragma once
/// Atomically exchanges two paths (Linux renameat2 RENAME_EXCHANGE).
/// Returns 0 on success, -1 when the system or file system does not support it.
int cb_exchange_paths(const char *a, const char *b);
