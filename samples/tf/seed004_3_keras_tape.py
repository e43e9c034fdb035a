import tensorflow as tf
from tensorflow.keras import backend as k

# 定义模型
model = tf.keras.models.Sequential([
    tf.keras.layers.Dense(10, input_shape=(784,), activation='softmax')
])

# 定义损失函数
loss_fn = tf.keras.losses.CategoricalCrossentropy()

# 定义输入和标签
x = tf.ones((1, 784))
y = tf.one_hot([0], depth=10)

# 计算梯度
with tf.GradientTape() as tape:
    logits = model(x)
    loss = loss_fn(y, logits)
grads = tape.gradient(loss, model.trainable_variables)

# 输出梯度
for var, grad in zip(model.trainable_variables, grads):
    print(var.name, grad)
