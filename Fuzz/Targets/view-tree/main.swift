// The target runs under libFuzzer's driver (Driver/FuzzDriver.swift).
import FuzzDriver

runFuzzer { fuzzViewTree($0, $1) }
