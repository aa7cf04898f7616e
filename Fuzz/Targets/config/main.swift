// The target runs under libFuzzer's driver (Driver/FuzzDriver.swift).
import FuzzDriver

runFuzzer { fuzzConfig($0, $1) }
