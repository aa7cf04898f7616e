// The target runs under libFuzzer's driver (Driver/FuzzDriver.swift).
import FuzzDriver

runFuzzer { fuzzSwayIPC($0, $1) }
