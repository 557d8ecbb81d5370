/**
 * The layered configuration: defaults, files, -s overrides and the environment read into records validated in their
 * constructors. It may import core only.
 */
package org.sdbench.config;
