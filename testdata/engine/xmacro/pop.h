// Engine fixture: undoes push.h.
#undef PUSHED
#undef PUSH_FAST
