// A helper returns a member that a later function sets to a plain number:
// once the member is found conflicted the helper returns no capability,
// whichever order the functions come in.
int getSMVersion();
void fast();
void slow();

struct C {
  void h1() { mA = getSMVersion(); }
  int h() { return mA; }
  void g() { mA = 0; }
  void run() {
    if (h() >= 90) {  // gate: none
      fast();
    } else {
      slow();
    }
  }
  int mA;
};

struct D {
  void h1() { mB = getSMVersion(); }
  void g() { mB = 0; }
  int h2() { return mB; }
  void run() {
    if (h2() >= 90) {  // gate: none
      fast();
    } else {
      slow();
    }
  }
  int mB;
};

// A helper that stays one: its member is never set to anything else.
struct E {
  void h1() { mE = getSMVersion(); }
  int h3() { return mE; }
  void run() {
    if (h3() >= 90) {  // gate: admits all
      fast();
    } else {
      slow();
    }
  }
  int mE;
};
