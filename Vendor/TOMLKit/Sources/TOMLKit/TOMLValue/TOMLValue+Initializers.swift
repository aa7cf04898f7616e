// Copyright (c) 2024 Jeff Lebrun
//
//  Licensed under the MIT License.
//
//  The full text of the license can be found in the file named LICENSE.

#if canImport(Darwin)
	import Darwin.C
#elseif canImport(Glibc)
	import Glibc
#elseif canImport(ucrt)
	import ucrt
#else
	#error("Unsupported Platform")
#endif

import CTOML

public extension TOMLValue {
	internal init(tomlValuePointer: OpaquePointer, parent: AnyObject?) {
		self.tomlValuePointer = tomlValuePointer
		self.parent = parent
	}

	init(booleanLiteral value: Bool) {
		self.tomlValuePointer = nodeFromBool(value)
		self.parent = nil
	}

	init<I: FixedWidthInteger>(_ value: I) {
		self.tomlValuePointer = nodeFromInt(Int64(value))
		self.parent = nil
	}

	init(integerLiteral value: Int) {
		self.tomlValuePointer = nodeFromInt(Int64(value))
		self.parent = nil
	}

	init(_ value: TOMLInt) {
		self.tomlValuePointer = nodeFromInt(Int64(value.value))
		self.parent = nil
		self.tomlInt = value
	}

	init(floatLiteral value: Double) {
		self.tomlValuePointer = nodeFromDouble(value)
		self.parent = nil
	}

	init(stringLiteral value: String) {
		self.tomlValuePointer = nodeFromString(value)
		self.parent = nil
	}

	init(_ value: TOMLDate) {
		self.tomlValuePointer = nodeFromDate(value.cTOMLDate)
		self.parent = nil
	}

	init(_ value: TOMLTime) {
		self.tomlValuePointer = nodeFromTime(value.cTOMLTime)
		self.parent = nil
	}

	init(_ value: TOMLDateTime) {
		self.tomlValuePointer = nodeFromDateTime(value.cTOMLDateTime)
		self.parent = nil
	}

	init(_ value: TOMLTable) {
		self.tomlValuePointer = nodeFromTable(value.tablePointer)
		self.parent = value
	}

	init(dictionaryLiteral elements: (String, TOMLValue)...) {
		let table = TOMLTable(Dictionary(uniqueKeysWithValues: elements))
		self.tomlValuePointer = nodeFromTable(table.tablePointer)
		self.parent = table
	}

	init(_ value: TOMLArray) {
		self.tomlValuePointer = nodeFromArray(value.arrayPointer)
		self.parent = value
	}

	init(arrayLiteral elements: TOMLValue...) {
		let array = TOMLArray(elements)
		self.tomlValuePointer = nodeFromArray(array.arrayPointer)
		self.parent = array
	}
}
