// The constructor stores the capability in a member; other methods of the
// same file decide on it.
namespace tensorrt_llm::common {
int getSMVersion();
}

class GroupedGemm {
 public:
  GroupedGemm() { mSM = tensorrt_llm::common::getSMVersion(); }

  void run() {
    if (mSM == 90) {  // gate: admits 9.0, 10.0, 10.3
      hopper();
    } else if (this->mSM >= 100 && mSM < 110) {
      blackwell();
    } else {
      throw std::runtime_error("GroupedGemm: unsupported architecture");
    }
  }

  void tune() {
    mTile = 64;
    if (mTile > 32) {  // gate: none
      hopper();
    }
  }

 private:
  void hopper();
  void blackwell();
  int mSM{};
  int mTile{};
};

// Assigned a capability in one place and a plain number in another: not a
// capability.
struct Mixed {
  void a() { sm = tensorrt_llm::common::getSMVersion(); }
  void b() { sm = 0; }
  void c() {
    if (sm == 90) go();  // gate: none
  }
  void go();
  int sm;
};
