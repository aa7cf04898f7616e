// The target runs under libFuzzer's driver (Driver/FuzzDriver.swift).
import FuzzDriver

runFuzzer { fuzzIconCache($0, $1) }
