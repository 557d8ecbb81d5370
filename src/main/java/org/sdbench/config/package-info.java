/**
 * The layered configuration: defaults, files, --set overrides and the environment read into records validated in their
 * constructors. A derived configuration goes through the records' copy-with-change methods or SdbenchConfig.with(key,
 * value), with the same checks as --set. It may import core.
 */
package org.sdbench.config;
