// The shared helpers (temporaryDirectory, write, fileNames, pixels) for every file here.
@_exported import TestSupport
