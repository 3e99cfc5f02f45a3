import Testing

/// Every end-to-end suite runs inside this one, one test at a time: they start
/// real processes and measure timing on a small machine, and running them side
/// by side only made them slower and less certain.
@Suite(.serialized) enum EndToEnd {}
