// Assertion macros named with VALIDATE, VERIFY, ENFORCE or REQUIRE take the
// condition that must hold first, as CHECK and ASSERT ones do.
int getSMVersion();
void kernel();

void plugin_validate() {
  static constexpr int kFirstUnsupported = 100;
  PLUGIN_VALIDATE(getSMVersion() < kFirstUnsupported, "needs a pre-Blackwell GPU");  // gate: admits 7.5, 8.0, 8.6, 8.7, 8.9, 9.0; refusal fails PLUGIN_VALIDATE: needs a pre-Blackwell GPU
  kernel();
}

void verify_enforce() {
  int sm = getSMVersion();
  LIB_VERIFY(sm >= 80, "Ampere or newer");  // gate: admits 8.0, 8.6, 8.7, 8.9, 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; refusal fails LIB_VERIFY: Ampere or newer
  MY_ENFORCE(sm != 87);  // gate: admits 8.0, 8.6, 8.9, 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; refusal fails MY_ENFORCE
  kernel();
}

void require() {
  RUNTIME_REQUIRE(getSMVersion() == 90, "Hopper only");  // gate: admits 9.0; refusal fails RUNTIME_REQUIRE: Hopper only
  kernel();
}

// A comparison macro of these families compares its two arguments.
void enforce_ge() {
  MY_ENFORCE_GE(getSMVersion(), 90);  // gate: admits 9.0, 10.0, 10.3, 11.0, 12.0, 12.1; refusal fails MY_ENFORCE_GE
  kernel();
}

// Test-framework forms whose first argument is not a condition that must
// hold: the negated forms and matchers (Catch2), and gtest's EXPECT_.
void not_conditions() {
  REQUIRE_FALSE(getSMVersion() >= 90);  // gate: none
  CHECK_THAT(getSMVersion() >= 90, IsTrue());  // gate: none
  EXPECT_TRUE(getSMVersion() >= 90);  // gate: none
}
