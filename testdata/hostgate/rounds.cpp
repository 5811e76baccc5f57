// The capability passes through five members, one assignment per method,
// and the last member is also set to a plain number. The summary rounds
// follow the chain to its end (each round finds the next member) and see
// the plain assignment, so mX is no capability: a fixed number of rounds
// stopped one member short and took mX for one.
int getSMVersion();
void fast();
void slow();

struct Chain {
  void h1() { mA = getSMVersion(); }
  void g() { mX = 0; }
  void h2() { mB = mA; }
  void h3() { mC = mB; }
  void h4() { mD = mC; }
  void h5() { mX = mD; }
  void run() {
    if (mX >= 90) {  // gate: none
      fast();
    } else {
      slow();
    }
  }
  void direct() {
    if (mD >= 90) {  // gate: admits all
      fast();
    } else {
      slow();
    }
  }
  int mA, mB, mC, mD, mX;
};
